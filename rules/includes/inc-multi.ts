/**
 * Judged on one `include` of 2 to 5 different values, each a relationship §2 shows spelled exactly or a name the
 * run made up (unsupported: §4.3 rule 4 answers it without `included`, not with a refusal). Another spelling of
 * a relationship may be read as either, a repeat as malformed, more than 5 as over the soft limit of §8.
 */
import { INCLUDING } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_INCLUDES } from '../../helpers/limits.ts';
import { askedOf, needOnlyIncludeInDoubt, RELATED } from './read.ts';

export default rule({
  id: 'INC-MULTI',
  level: 'MUST',
  section: '§4.3',
  title: 'Several comma-separated include values are accepted in one request (2xx).',
  exchange: {
    scope: { methods: ['GET'], paths: [...INCLUDING], status: 'not 5xx', query: ['include'] },
    judge: (x, t) => {
      const { values } = askedOf(x);
      const names = values.length === 1 ? (values[0] ?? []) : [];
      t.need(
        names.length >= 2 &&
          names.length <= MAX_INCLUDES &&
          new Set(names).size === names.length &&
          names.every((name) => RELATED[x.template]?.includes(name) || t.known.isMadeUpInclude(name)),
        `include is not one value of 2 to ${MAX_INCLUDES} different relationships of the resource or names the run made up`,
      );
      needOnlyIncludeInDoubt(x, t);
      t.expectStatus(x.response, '2xx');
    },
  },
});

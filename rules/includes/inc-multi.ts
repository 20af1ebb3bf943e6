/**
 * Judged on one `include` of 2 to 5 different relationships §2 shows, spelled exactly: another name may be
 * unsupported, a repeat malformed, more than 5 over the soft limit of §8.
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
          names.every((name) => RELATED[x.template]?.includes(name)),
        `include is not one value of 2 to ${MAX_INCLUDES} different relationships of the resource`,
      );
      needOnlyIncludeInDoubt(x, t);
      t.expectStatus(x.response, '2xx');
    },
  },
});

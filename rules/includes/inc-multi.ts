/**
 * INC-MULTI (§4.3 include rule 1): several comma-separated include values are accepted in one request (2xx).
 * Judged on every request to an endpoint that takes `include` whose one `include` value names 2 to 5
 * different relationships that §2 shows for the endpoint's resource, each spelled exactly (the products
 * listing: `categories`, `main_image`, `files`). Another name might be refused for being unsupported (that
 * is another rule's statement), a repeated name or key for being malformed, more than 5 names for the
 * soft limit of §8: those requests are not this rule's.
 */
import { CATEGORY, INCLUDING } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_INCLUDES } from '../../helpers/limits.ts';
import { askedOf, onlyIncludeInDoubt, RELATED } from './read.ts';

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
      t.need(
        x.template !== CATEGORY || !t.known.isMadeUp(x.params.id as string),
        'a category id the run made up',
      );
      t.need(onlyIncludeInDoubt(x), 'the request has page or other parameters a target may refuse');
      t.expectStatus(x.response, '2xx');
    },
  },
});

/**
 * A refusal of an ordinary page with nothing but valid page parameters fails too (PAGE-LIMIT's when it gives a
 * page[limit]), but at the offset limit itself, which §8 leaves open.
 */
import { rule } from '../../helpers/judge/rule.ts';
import { failRefusal, givenOf, listingPages, pageOf } from './read.ts';

export default rule({
  id: 'PAGE-ENVELOPE',
  level: 'MUST',
  section: '§2.5',
  title:
    'A listing (`/v2/categories`, `/v2/products`) has `data` array; `links.current`, `links.first`, `links.last` strings; `links.prev`, `links.next` string or null; `meta.page.limit`, `.offset`, `.current`, `.total` integers; `meta.results.total` integer.',
  schemas: ['listing-envelope'],
  exchange: {
    scope: { ...listingPages, status: 'not 5xx' },
    judge: (x, t) => {
      if (x.response.ok) {
        const page = pageOf(x, t);
        t.expectSchema(x.response.json, 'listing-envelope', `the body (${page.where})`, x.response);
        return;
      }
      const given = givenOf(x, t);
      if (!given.plain) return t.expectServedAlike(x);
      t.need(given.limit === undefined, 'a page[limit] given: a refusal is PAGE-LIMIT’s failure');
      failRefusal(x, t, given);
    },
  },
});

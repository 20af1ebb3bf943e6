/**
 * A refusal of an ordinary page with nothing but valid page parameters fails too, but at the offset limit
 * itself, which §8 leaves open.
 */
import { rule } from '../../helpers/judge/rule.ts';
import { OFFSET_LIMIT } from '../../helpers/limits.ts';
import { pageParams } from '../../helpers/listing/params.ts';
import { givenOf, listingPages, pageOf, whereOf } from './read.ts';

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
      t.need(
        given.offset !== OFFSET_LIMIT || x.response.statusClass !== '4xx',
        `a refusal at page[offset]=${OFFSET_LIMIT}: §8 does not say whether the offset limit itself is inside it`,
      );
      const expected = `2xx with a listing (${whereOf(x, pageParams(x.query))})`;
      t.assert(false, expected, `${x.response.status}`, x.response);
    },
  },
});

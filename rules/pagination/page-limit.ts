/**
 * PAGE-LIMIT (§4.3): `page[limit]=n` (1 to 100) answers at most `n` records and `meta.page.limit` = `n`.
 * Judged on every ordinary page that gives `page[limit]`, however it is spelt and whatever else the query
 * holds (`include` on `/v2/products`).
 */
import { rule } from '../../helpers/judge/rule.ts';
import { limitExpectations } from '../../helpers/listing/expect.ts';
import { assertAll, listingPages, pageOf } from './read.ts';

export default rule({
  id: 'PAGE-LIMIT',
  level: 'MUST',
  section: '§4.3',
  title: '`page[limit]=n` (1 to 100) answers at most `n` records and `meta.page.limit` = `n`.',
  exchange: {
    scope: listingPages(),
    judge: (x, t) => {
      const page = pageOf(x, t);
      const limit = t.need(page.given.limit, 'no page[limit] given');
      const expectations = limitExpectations(page.view, { limit });
      // Without an integer meta.page.limit (the envelope rule's failure) only the records are judged.
      assertAll(t, page.view.limit === undefined ? expectations.slice(0, 1) : expectations, x, page.where);
    },
  },
});

/**
 * PAGE-OFFSET-SOFT (§8): the other listings (`/v2/categories`, `/v2/products`) with `page[offset]` above
 * 10,000 (an integer) answer 4xx or a valid listing envelope (`{ data: [...] }` when the listing's ordinary
 * pages have none either: PAGE-ENVELOPE's failure), whatever their other parameters.
 */
import { LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { expectRejectedOrListing, onPageParams } from './read.ts';

export default rule('PAGE-OFFSET-SOFT', {
  exchange: onPageParams(LISTINGS, (p) => p.offset.kind === 'above', expectRejectedOrListing),
});

/**
 * PAGE-BAD-PARAMS (§4.3): a negative, zero or non-integer `page[limit]` or `page[offset]` (any value that is
 * not a plain decimal integer, an empty one, a zero limit) answers 4xx or a valid listing envelope
 * (`{ data: [...] }` when the listing's ordinary pages have none either: PAGE-ENVELOPE's failure), on every
 * paginated listing (the two of §4.3, `/v2/orders` and `/v2/files` of §8), whatever their other parameters.
 */
import { HARD_LISTINGS, LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { expectRejectedOrListing, onPageParams } from './read.ts';

export default rule('PAGE-BAD-PARAMS', {
  exchange: onPageParams(
    [...LISTINGS, ...HARD_LISTINGS],
    (p) => p.limit.kind === 'malformed' || p.offset.kind === 'malformed',
    expectRejectedOrListing,
  ),
});

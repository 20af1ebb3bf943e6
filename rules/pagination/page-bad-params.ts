/**
 * PAGE-BAD-PARAMS (§4.3): a negative, zero or non-integer `page[limit]` or `page[offset]` (any value that is
 * not a plain decimal integer, an empty one, a zero limit) answers 4xx or a valid listing envelope
 * (`{ data: [...] }` when the listing's ordinary pages have none either: the envelope rule's failure), on every
 * paginated listing (the two of §4.3, `/v2/orders` and `/v2/files` of §8), whatever their other parameters.
 */
import { HARD_LISTINGS, LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { expectRejectedOrListing, pageParamsOf } from './read.ts';

export default rule({
  id: 'PAGE-BAD-PARAMS',
  level: 'SHOULD',
  section: '§4.3',
  title:
    'A negative, zero or non-integer `page[limit]` or `page[offset]` answers 4xx or a valid listing envelope.',
  schemas: ['listing-envelope', 'list-envelope'],
  exchange: {
    scope: { methods: ['GET'], paths: [...LISTINGS, ...HARD_LISTINGS], status: 'not 5xx' },
    judge: (x, t) =>
      expectRejectedOrListing(
        x,
        t,
        pageParamsOf(x, t, (p) => p.limit.kind === 'malformed' || p.offset.kind === 'malformed'),
      ),
  },
});

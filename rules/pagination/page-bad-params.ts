/** Any value that is not a plain decimal integer, or a zero limit, on every paginated call. */
import { rule } from '../../helpers/judge/rule.ts';
import { expectRejectedOrListing, pagedCalls } from './read.ts';

export default rule({
  id: 'PAGE-BAD-PARAMS',
  level: 'SHOULD',
  section: '§4.3',
  title:
    'A negative, zero or non-integer `page[limit]` or `page[offset]` answers 4xx or a valid listing envelope.',
  schemas: ['listing-envelope', 'list-envelope'],
  exchange: {
    scope: pagedCalls,
    judge: (x, t) =>
      expectRejectedOrListing(x, t, (p) => p.limit.kind === 'malformed' || p.offset.kind === 'malformed'),
  },
});

import { LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { expectRejectedOrListing } from './read.ts';

export default rule({
  id: 'PAGE-OFFSET-SOFT',
  level: 'SHOULD',
  section: '§8',
  title: 'Other listings with `page[offset]` above 10,000 answer a valid listing envelope or 4xx.',
  schemas: ['listing-envelope', 'list-envelope'],
  exchange: {
    scope: { methods: ['GET'], paths: [...LISTINGS], status: 'not 5xx' },
    judge: (x, t) => expectRejectedOrListing(x, t, (p) => p.offset.kind === 'above'),
  },
});

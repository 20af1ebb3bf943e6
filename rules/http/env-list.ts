import { LISTINGS, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';

export default rule({
  id: 'ENV-LIST',
  level: 'MUST',
  section: '§2',
  title: 'A list response is `{ "data": [ ... ] }`.',
  schemas: ['list-envelope'],
  exchange: {
    scope: { methods: ['GET'], paths: [TRANSACTIONS, ...LISTINGS] },
    judge: (x, t) => t.expectSchema(x.response.json, 'list-envelope', 'the body', x.response),
  },
});

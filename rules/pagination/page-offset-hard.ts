import { HARD_LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { pageParamsOf } from './read.ts';

export default rule({
  id: 'PAGE-OFFSET-HARD',
  level: 'MUST',
  section: '§8',
  title: '`GET /v2/orders` and `GET /v2/files` with `page[offset]` above 10,000 are rejected with 4xx.',
  exchange: {
    scope: { methods: ['GET'], paths: [...HARD_LISTINGS], status: 'any' },
    judge: (x, t) => {
      pageParamsOf(x, t, (p) => p.offset.kind === 'above');
      t.expectStatus(x.response, '4xx');
    },
  },
});

import { ACTIONS, CATEGORY, INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';

export default rule({
  id: 'ENV-SINGLE',
  level: 'MUST',
  section: '§2',
  title: 'A single-resource response is `{ "data": <object> }`.',
  schemas: ['single-envelope'],
  exchange: {
    scope: { methods: ['GET', 'POST'], paths: [INTEGRATION, CATEGORY, ...ACTIONS] },
    judge: (x, t) => t.expectSchema(x.response.json, 'single-envelope', 'the body', x.response),
  },
});

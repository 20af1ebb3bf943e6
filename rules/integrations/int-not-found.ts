import { INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';

export default rule({
  id: 'INT-NOT-FOUND',
  level: 'SHOULD',
  section: '§4.2',
  title: 'Reading or deleting an id that does not exist answers 4xx.',
  exchange: {
    scope: { methods: ['GET', 'DELETE'], paths: [INTEGRATION], status: 'not 5xx' },
    judge: (x, t) => {
      t.need(t.known.isMadeUp(x.params.id as string), 'not an id the run made up');
      t.expectStatus(x.response, '4xx');
    },
  },
});

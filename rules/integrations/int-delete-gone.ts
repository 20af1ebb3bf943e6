import { INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';

export default rule({
  id: 'INT-DELETE-GONE',
  level: 'SHOULD',
  section: '§4.2',
  title: 'After a delete, reading the same id no longer succeeds (4xx).',
  exchange: {
    scope: { methods: ['GET'], paths: [INTEGRATION], status: 'any' },
    judge: (x, t) => {
      t.need(
        t.known.integration(x.params.id as string, x.sent)?.deleted,
        'not an integration the run deleted',
      );
      t.expectStatus(x.response, '4xx');
    },
  },
});

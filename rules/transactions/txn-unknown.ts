/** Made-up ids, records of another kind, another order's transaction in a state where the action would succeed. */
import { ACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { validActionBody } from './read.ts';

export default rule({
  id: 'TXN-UNKNOWN',
  level: 'SHOULD',
  section: '§4.1',
  title: 'Capture, refund or confirm of a transaction id that does not exist on that order answers 4xx.',
  exchange: {
    scope: { methods: ['POST'], paths: [...ACTIONS], status: 'any' },
    judge: (x, t) => {
      const id = x.params.transactionId as string;
      const owner = t.known.orderOf(id, x.sent);
      t.need(
        t.known.isMadeUp(id) ||
          t.known.kindOf(id, x.sent) !== undefined ||
          (owner !== undefined && !sameId(owner, x.params.orderId)),
        "neither an id the run made up, nor a record of another kind, nor another order's transaction",
      );
      t.need(validActionBody(x), 'a body §4.1 does not show (a malformed request)');
      t.expectStatus(x.response, '4xx');
    },
  },
});

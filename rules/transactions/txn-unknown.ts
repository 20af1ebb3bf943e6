/**
 * TXN-UNKNOWN (§4.1): capture, refund or confirm of a transaction id that does not exist on that order
 * answers 4xx (a 5xx is HTTP-NO-5XX's failure). Judged on every action, sent with a body §4.1 shows, on an id
 * the run made up or on a transaction the run made on another order (in the state where the action would
 * succeed on its own order: `probes/transactions.ts`).
 */
import { ACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { onExchanges, rule } from '../../helpers/judge/rule.ts';
import { validActionBody } from './read.ts';

export default rule('TXN-UNKNOWN', {
  exchange: onExchanges({ methods: ['POST'], paths: [...ACTIONS], status: 'not 5xx' }, (x, t, known) => {
    const id = x.params.transactionId as string;
    const owner = known.orderOf(id, x.sent);
    t.need(
      known.isMadeUp(id) || (owner !== undefined && !sameId(owner, x.params.orderId)),
      "neither an id the run made up nor another order's transaction",
    );
    t.need(validActionBody(x), 'a body §4.1 does not show (a malformed request)');
    t.expectStatus(x.response, '4xx');
  }),
});

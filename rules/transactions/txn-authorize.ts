/** Judged on an order the run made that had no transaction yet, when the run is its sole client. */
import { PAYMENTS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { authorizeGateway, onPaidChains } from './read.ts';

export default rule({
  id: 'TXN-AUTHORIZE',
  level: 'MUST',
  section: '§4.1',
  title:
    '`POST /v2/orders/:orderId/payments` with `{data: {gateway: "manual", method: "authorize"}}` succeeds (2xx) and leaves a `manual` transaction on the order that can then be captured.',
  exchange: {
    scope: { methods: ['POST'], paths: [PAYMENTS], status: 'not 5xx' },
    judge: (x, t) => {
      t.need(authorizeGateway(x) === 'manual', 'not the manual authorize body of §4.1');
      const orderId = x.params.orderId as string;
      t.need(t.known.isRunOrder(orderId, x.sent), 'not an order the run made');
      t.need(t.known.soleClient, 'other clients may have paid the order, unseen');
      t.need(t.known.transactionsOf(orderId, x.sent).length === 0, 'the order already had a transaction');
      t.expectStatus(x.response, '2xx');
    },
  },
  flows: onPaidChains(
    'a manual authorize leaves a manual transaction on the order, which can then be captured',
    (t, c) => {
      const authorize = t.need(c.authorize, 'the authorize was not sent');
      t.attach(authorize, c.listed);
      t.need(authorize.ok, `the authorize answered ${authorize.status} (judged on that answer)`);
      t.assert(
        c.txnId !== undefined,
        'a new manual transaction: named by the authorize answer, or new on the order after it',
        () => `the order's transactions: ${c.listed?.text.slice(0, 400)}`,
        c.listed ?? authorize,
      );
      const capture = t.need(c.capture, 'the capture was not sent');
      t.attach(capture);
      t.expectStatus(capture, '2xx');
    },
  ),
});

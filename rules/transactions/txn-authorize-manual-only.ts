/** §4.1 "The authorize endpoint is for the manual gateway only"; judged on orders the run made. */
import { PAYMENTS } from '../../helpers/catalogue/endpoints.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { belongsToOrder, listedTransactions, type Txn } from '../../helpers/provisioning/transactions.ts';
import { authorizeGateway, onPaidChains } from './read.ts';

export default rule({
  id: 'TXN-AUTHORIZE-MANUAL-ONLY',
  level: 'SHOULD',
  section: '§4.1',
  title: 'Authorize with a gateway other than `manual` does not succeed (4xx) and adds no transaction.',
  exchange: {
    scope: { methods: ['POST'], paths: [PAYMENTS], status: 'any' },
    judge: (x, t) => {
      const gateway = t.need(authorizeGateway(x), 'not an authorize body of §4.1');
      t.need(
        gateway.trim().toLowerCase() !== 'manual',
        'the manual gateway, or its name in another case or with spaces (how a target reads it is not shown)',
      );
      t.need(t.known.isRunOrder(x.params.orderId as string, x.sent), 'not an order the run made');
      t.expectStatus(x.response, '4xx');
    },
  },
  flows: onPaidChains(
    'authorizes through other gateways add no transaction to the order',
    (t, c) => {
      t.attach(c.before, ...c.refused, c.authorize, c.listed);
      const before = t.need(c.before && listedTransactions(c.before), 'the order was not listed before');
      const after = t.need(c.listed && listedTransactions(c.listed), 'the order was not listed after');
      const manual = c.authorize?.ok
        ? t.need(c.txnId, 'the manual authorize made no transaction to leave out')
        : undefined;
      const ids = (items: Txn[]) =>
        items
          .filter((txn) => belongsToOrder(txn, c.orderId) && !(manual && sameId(txn.id, manual)))
          .map((txn) => String(txn.id))
          .sort();
      const what = "the ids of the order's transactions (the manual one left out)";
      t.expectEqual(ids(after), ids(before), what, c.listed);
    },
    (paid) => paid.refuses,
  ),
});

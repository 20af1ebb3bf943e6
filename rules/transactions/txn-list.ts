/**
 * Without query parameters, a listing also holds every transaction the run made on the order, each with the
 * `transaction_type` its last action answered (§3). Read-only mode: the configured order lists some.
 */
import { TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { rule } from '../../helpers/judge/rule.ts';
import {
  belongsToOrder,
  linkedOrderId,
  listedTransactions,
} from '../../helpers/provisioning/transactions.ts';
import type { TransactionProbes } from '../../probes/transactions.ts';
import envList from '../http/env-list.ts';

export default rule({
  id: 'TXN-LIST',
  level: 'MUST',
  section: '§4.1',
  title:
    "`GET /v2/orders/:orderId/transactions` answers `{ data: [Transaction, ...] }` holding that order's transactions.",
  requires: [envList],
  exchange: {
    scope: { methods: ['GET'], paths: [TRANSACTIONS], status: 'not 5xx' },
    judge: (x, t) => {
      if (!x.response.ok) return t.expectServedAlike(x);
      const data = x.response.data;
      t.need(Array.isArray(data), 'the listing has no data array');
      const items = (data as unknown[]).filter(isObject);
      const orderId = x.params.orderId as string;
      const foreign = items.filter((txn) => {
        const owner = typeof txn.id === 'string' ? t.known.orderOf(txn.id, x.sent) : undefined;
        // One the run does not know is another order's when its link names another order of the run's (sole
        // client); a link naming no order of the run's may be this order's, wrongly linked (its link's rule).
        if (owner !== undefined) return !sameId(owner, orderId);
        const linked = linkedOrderId(txn);
        return (
          t.known.soleClient &&
          !belongsToOrder(txn, orderId) &&
          typeof linked === 'string' &&
          t.known.isRunOrder(linked, x.sent)
        );
      });
      t.assert(
        foreign.length === 0,
        `only the order's transactions: none the run made on another order, none naming another order than ${orderId}`,
        () => `transactions of other orders: ${show(foreign.map((txn) => [txn.id, linkedOrderId(txn)]))}`,
        x.response,
      );
      t.need(
        t.known.isRunOrder(orderId, x.sent),
        'not an order the run made: which transactions it has is not known',
      );
      if (x.query.names.length > 0) return;
      const missing = t.known
        .transactionsOf(orderId, x.sent)
        .filter((id) => !items.some((txn) => sameId(txn.id, id)));
      t.assert(
        missing.length === 0,
        'every transaction the run made on the order before the listing was sent',
        () => `missing ${missing.join(', ')}; listed ${show(items.map((txn) => txn.id))}`,
        x.response,
      );
      items.forEach((txn, i) => {
        const type = typeof txn.id === 'string' ? t.known.transactionType(txn.id, x.sent) : undefined;
        if (type === undefined) return;
        const what = `data[${i}].transaction_type (the last action on ${String(txn.id)} answered ${type})`;
        t.expectEqual(txn.transaction_type, type, what, x.response);
      });
    },
  },
  flows: (probes: TransactionProbes, check) => {
    if (!probes.readOnly) return;
    check('the configured order (CONFORMANCE_ORDER_ID), which has transactions, lists them', async (t) => {
      const { listing } = await probes.configured();
      t.attach(listing);
      t.expectStatus(listing, '2xx');
      const items = t.need(listedTransactions(listing), 'the listing has no data array');
      t.assert(items.length > 0, 'the transactions of the configured order', '[]', listing);
    });
  },
});

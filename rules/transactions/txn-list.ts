/**
 * TXN-LIST (§4.1): `GET /v2/orders/:orderId/transactions` answers `{ data: [Transaction, ...] }` holding that
 * order's transactions. Judged on every successful listing whose `data` is an array (any other shape is
 * ENV-LIST's failure):
 * - it holds no transaction of another order: none the run made on another order, none naming another order
 *   in `relationships.order.data.id` unless the run made it on this one (a wrong link on one of the order's
 *   own transactions is TXN-ORDER's failure);
 * - asked without query parameters (a page parameter may show part of the listing, §4.3), it holds every
 *   transaction the run knew it had made on the order when the listing was sent (the payment answers and
 *   earlier listings showed them: `probes/transactions.ts`).
 * Read-only mode: the configured order (CONFORMANCE_ORDER_ID), which has transactions, lists at least one
 * (which of them are its own cannot be known there: that they name it is TXN-ORDER's flow).
 */
import { TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { check } from '../../helpers/check/check.ts';
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { onExchanges, rule } from '../../helpers/judge/rule.ts';
import {
  belongsToOrder,
  linkedOrderId,
  listedTransactions,
} from '../../helpers/provisioning/transactions.ts';
import type { TransactionProbes } from '../../probes/transactions.ts';

export default rule<TransactionProbes>('TXN-LIST', {
  exchange: onExchanges({ methods: ['GET'], paths: [TRANSACTIONS] }, (x, t, known) => {
    const data = x.response.data;
    t.need(Array.isArray(data), 'the listing has no data array (see ENV-LIST)');
    const items = (data as unknown[]).filter(isObject);
    const orderId = x.params.orderId as string;
    t.need(
      known.isRunOrder(orderId, x.sent),
      'not an order the run made: which transactions it has is not known',
    );
    const foreign = items.filter((txn) => {
      const owner = typeof txn.id === 'string' ? known.orderOf(txn.id, x.sent) : undefined;
      // One the run does not know is another order's by its link, when the run is the order's sole client;
      // else it may be the order's own with a wrong link (TXN-ORDER's failure).
      return owner === undefined
        ? known.soleClient && !belongsToOrder(txn, orderId)
        : !sameId(owner, orderId);
    });
    t.assert(
      foreign.length === 0,
      `only the order's transactions: none the run made on another order, none naming another order than ${orderId}`,
      () => `transactions of other orders: ${show(foreign.map((txn) => [txn.id, linkedOrderId(txn)]))}`,
      x.response,
    );
    if (x.query.names.length > 0) return;
    const missing = known
      .transactionsOf(orderId, x.sent)
      .filter((id) => !items.some((txn) => sameId(txn.id, id)));
    t.assert(
      missing.length === 0,
      'every transaction the run made on the order before the listing was sent',
      () => `missing ${missing.join(', ')}; listed ${show(items.map((txn) => txn.id))}`,
      x.response,
    );
  }),
  flows: (probes) => {
    if (!probes.readOnly) return;
    check(
      'TXN-LIST',
      'the configured order (CONFORMANCE_ORDER_ID), which has transactions, lists them',
      async (t) => {
        const { listing } = await probes.configured();
        t.attach(listing);
        t.expectStatus(listing, '2xx');
        const items = t.need(listedTransactions(listing), 'the listing has no data array (see ENV-LIST)');
        t.assert(items.length > 0, 'the transactions of the configured order', '[]', listing);
      },
    );
  },
});

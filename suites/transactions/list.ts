/**
 * The checks on an order's transaction list (`GET /v2/orders/:orderId/transactions`, §4.1): TXN-LIST, and
 * the per-transaction rules judged on every listed transaction (TXN-SCHEMA, TXN-AMOUNT, TXN-MANUAL-REF,
 * ENV-LIST, ENV-TYPE). TXN-ORDER is judged on the transactions the run made on the order; a listed
 * transaction that names another order is TXN-LIST's failure (the list holds what is not the order's).
 */

import { check } from '../../helpers/check/check.ts';
import { show } from '../../helpers/check/failure.ts';
import { linkedOrderId, otherOrdersTransactions, type Txn } from '../../helpers/fixtures/transactions.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { TransactionChains } from './chains.ts';
import { expectAmountMatches, expectOrderLink } from './expect.ts';

export function listChecks(chains: TransactionChains): void {
  const { info, listSubject, listedItems, referenceChain } = chains;

  check(
    'TXN-LIST',
    "GET /v2/orders/:orderId/transactions answers { data: [...] } with the order's transactions, and only those",
    async (t) => {
      const { list, orderId, ownIds } = await listSubject(t);
      t.expectStatus(list, '2xx');
      // The envelope is ENV-LIST's subject, and each transaction's schema TXN-SCHEMA's.
      const items = t.need(
        Array.isArray(list.data) ? (list.data as unknown[]) : undefined,
        'the transaction list has no data array: nothing to look at (see ENV-LIST)',
      );
      const ids = () => show(items.map((txn) => (isObject(txn) ? txn.id : txn)));
      if (info.readOnly) {
        // CONFORMANCE_ORDER_ID names an order with transactions; which of them the order holds cannot be
        // known here (the links are TXN-ORDER's subject).
        t.assert(items.length > 0, 'the transactions of the configured order', '[]', list);
        return;
      }
      const txns = items.filter(isObject) as Txn[];
      const foreign = otherOrdersTransactions(txns, orderId, ownIds);
      t.assert(
        foreign.length === 0,
        `only the order's transactions: every listed transaction that the run did not make names the order ${orderId} in relationships.order.data.id`,
        () =>
          `transactions of other orders: ${foreign
            .slice(0, 5)
            .map((txn) => `${String(txn.id)} (order ${show(linkedOrderId(txn))})`)
            .join(', ')}${foreign.length > 5 ? ` and ${foreign.length - 5} more` : ''}`,
        list,
      );
      const chain = await referenceChain();
      if (!chain.authorize.ok) return; // no payment succeeded: the order may have no transaction
      t.attach(chain.authorize);
      if (chain.transactionId !== undefined) {
        t.assert(
          txns.some((txn) => txn.id === chain.transactionId),
          `the transaction ${chain.transactionId} that the run authorized (then captured and refunded) in data`,
          ids,
          list,
        );
      } else {
        t.assert(
          items.length > 0,
          'at least one transaction on an order whose authorize succeeded',
          ids,
          list,
        );
      }
    },
  );

  check('TXN-SCHEMA', 'every transaction of an order list matches the Transaction schema', async (t) => {
    const { list, items } = await listedItems(t);
    items.forEach((txn, i) => {
      const refund = isObject(txn) && txn.transaction_type === 'refund';
      t.expectSchema(txn, refund ? 'transaction-refund' : 'transaction', `data[${i}]`, list);
    });
  });

  check('TXN-AMOUNT', 'amount equals meta.display_price.amount on every listed transaction', async (t) => {
    const { list, items } = await listedItems(t);
    let compared = 0;
    items.forEach((txn, i) => {
      if (isObject(txn) && isObject(txn.meta)) {
        compared += 1;
        expectAmountMatches(t, txn, `data[${i}]`, list);
      }
    });
    t.need(compared > 0, 'no listed transaction has meta to compare with');
  });

  check(
    'TXN-ORDER',
    'the listed transactions that the run made on the order link to the order in the path (read-only mode: every listed transaction)',
    async (t) => {
      const { list, items, orderId, ownIds } = await listedItems(t);
      let linked = 0;
      items.forEach((txn, i) => {
        const item = t.expectObject(txn, `data[${i}]`, list);
        if (!info.readOnly && !ownIds.has(item.id as string)) return;
        linked += 1;
        expectOrderLink(t, item, orderId, `data[${i}]`, list);
      });
      t.need(linked > 0, 'none of the transactions the run made on the order is listed (see TXN-LIST)');
    },
  );

  check('TXN-MANUAL-REF', 'listed transactions of the manual gateway have reference "manual"', async (t) => {
    const { list, items } = await listedItems(t);
    const manual = items.filter((txn) => isObject(txn) && txn.gateway === 'manual') as Txn[];
    t.need(manual.length > 0, 'the order has no manual-gateway transaction');
    for (const txn of manual)
      t.expectEqual(txn.reference, 'manual', `data[id=${String(txn.id)}].reference`, list);
  });

  check('ENV-LIST', 'the transaction list is { data: [ ... ] }', async (t) => {
    const { list } = await listSubject(t);
    t.need(list.ok, `the transaction list answered ${list.status}: not a list response (see TXN-LIST)`);
    t.expectSchema(list.json, 'list-envelope', 'the body', list);
  });

  check('ENV-TYPE', 'every listed transaction has type "transaction"', async (t) => {
    const { list, items } = await listedItems(t);
    items.forEach((txn, i) => {
      t.expectEqual(isObject(txn) ? txn.type : undefined, 'transaction', `data[${i}].type`, list);
    });
  });
}

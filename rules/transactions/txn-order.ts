/** Judged on listed transactions the run made on the order (another order's is the listing rule's). */
import { TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { linkedOrderId, listedTransactions } from '../../helpers/provisioning/transactions.ts';
import type { TransactionProbes } from '../../probes/transactions.ts';
import envList from '../http/env-list.ts';
import { eachTransaction } from './read.ts';
import txnList from './txn-list.ts';

export default rule({
  id: 'TXN-ORDER',
  level: 'MUST',
  section: '§2.1',
  title: '`relationships.order.data.id` is the order named in the request path.',
  requires: [envList, txnList],
  exchange: eachTransaction((txn, at, x, t) => {
    const orderId = x.params.orderId as string;
    if (x.template === TRANSACTIONS) {
      const owner = typeof txn.id === 'string' ? t.known.orderOf(txn.id, x.sent) : undefined;
      if (owner === undefined || !sameId(owner, orderId)) return;
    }
    const linked = linkedOrderId(txn);
    if (linked === undefined) return;
    const expected = `${at}.relationships.order.data.id = ${JSON.stringify(orderId)}`;
    t.assert(sameId(linked, orderId), expected, () => JSON.stringify(linked), x.response);
  }),
  flows: (probes: TransactionProbes, check) => {
    if (!probes.readOnly) return;
    check('every transaction listed for the configured order names it', async (t) => {
      const { orderId, listing } = await probes.configured();
      t.attach(listing);
      const items = t.need(listedTransactions(listing), 'the listing has no data array');
      t.need(items.length > 0, 'the configured order lists no transaction');
      items.forEach((txn, i) => {
        const linked = linkedOrderId(txn);
        const expected = `data[${i}].relationships.order.data.id = ${orderId}`;
        t.assert(sameId(linked, orderId), expected, () => JSON.stringify(linked), listing);
      });
    });
  },
});

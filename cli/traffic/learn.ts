/**
 * What traffic the suite did not send establishes, told to the run's knowledge so that the rules that judge
 * against it (INT-GET, INT-DELETE, INT-DELETE-GONE, TXN-LIST, TXN-CAPTURE, TXN-REFUND …) judge where the
 * traffic holds the sequence: an integration created in it (until a PUT or PATCH of it), an order checked out
 * in it, and the transactions its answers show on such an order (a payment's answer, the order's listing, a
 * successful capture, refund or confirm naming the order). Only answers to the bearer token the target took
 * count. Other clients may act on the same records unseen: the knowledge is told it is not the sole client
 * (an order's transactions are those the traffic showed, maybe not all), and categories are not learnt.
 */
import { ACTIONS, INTEGRATION, PAYMENTS, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import type { Entry } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import { answerOf } from '../../helpers/judge/answer.ts';
import type { Knowledge, SentIntegration } from '../../helpers/judge/knowledge.ts';
import { belongsToOrder, listedTransactions } from '../../helpers/provisioning/transactions.ts';

const CHECKOUT = '/v2/carts/:cartRef/checkout';

/** Tells the knowledge what one exchange of the traffic established, if anything. */
export function learnFromTraffic(known: Knowledge, entry: Entry): void {
  if (!entry.response?.ok || entry.credentials !== 'token') return;
  if (entry.method === 'PUT' || entry.method === 'PATCH') {
    const id = answerOf(entry, INTEGRATION)?.params.id;
    if (id) known.integrationChanged(id);
    return;
  }
  if (entry.method === 'POST') {
    const created = answerOf(entry, '/v2/integrations');
    const data = created?.response.data;
    const sent = isObject(created?.body) ? created.body.data : undefined;
    if (isObject(data) && typeof data.id === 'string' && isObject(sent) && isObject(sent.configuration)) {
      known.integrationCreated(data.id, sent as unknown as SentIntegration);
      return;
    }
    const order = answerOf(entry, CHECKOUT)?.response.data;
    if (isObject(order) && typeof order.id === 'string') {
      known.orderMade(order.id);
      return;
    }
  }
  for (const template of [PAYMENTS, TRANSACTIONS, ...ACTIONS]) {
    const x = answerOf(entry, template);
    const orderId = x?.params.orderId;
    if (!x || !orderId || !known.isRunOrder(orderId, Number.POSITIVE_INFINITY)) continue;
    const shown =
      template === TRANSACTIONS
        ? x.query.names.length === 0
          ? listedTransactions(x.response)
          : []
        : [x.response.data];
    for (const txn of shown ?? []) {
      if (
        isObject(txn) &&
        txn.type === 'transaction' &&
        typeof txn.id === 'string' &&
        belongsToOrder(txn, orderId)
      ) {
        known.transactionMade(orderId, txn.id);
      }
    }
    return;
  }
}

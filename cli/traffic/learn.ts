/**
 * What traffic the suite did not send establishes (an integration created, an order checked out, its
 * transactions), told to the run's knowledge so the rules that judge against it can; only answers to a token
 * the target took count.
 */
import { ACTIONS, INTEGRATION, PAYMENTS, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import type { Exchange } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Knowledge, SentIntegration } from '../../helpers/judge/knowledge.ts';
import { belongsToOrder, listedTransactions } from '../../helpers/provisioning/transactions.ts';

const CHECKOUT = '/v2/carts/:cartRef/checkout';

/** Tells the knowledge what one exchange of the traffic established, if anything. */
export function learnFromTraffic(known: Knowledge, x: Exchange): void {
  if (!x.response?.ok || x.credentials !== 'token') return;
  if (x.method === 'PUT' || x.method === 'PATCH') {
    const id = x.template === INTEGRATION ? x.params.id : undefined;
    if (id) known.integrationChanged(id);
    return;
  }
  const data = x.response.data;
  if (x.method === 'POST' && x.template === '/v2/integrations') {
    const sent = isObject(x.body) ? x.body.data : undefined;
    if (isObject(data) && typeof data.id === 'string' && isObject(sent) && isObject(sent.configuration)) {
      known.integrationCreated(data.id, sent as unknown as SentIntegration);
    }
    return;
  }
  if (x.method === 'POST' && x.template === CHECKOUT) {
    if (isObject(data) && typeof data.id === 'string') known.orderMade(data.id);
    return;
  }
  const orderId = x.params.orderId;
  if (!orderId || ![PAYMENTS, TRANSACTIONS, ...ACTIONS].includes(x.template)) return;
  if (!known.isRunOrder(orderId, Number.POSITIVE_INFINITY)) return;
  const shown =
    x.template === TRANSACTIONS ? (x.query.names.length === 0 ? listedTransactions(x.response) : []) : [data];
  for (const txn of shown ?? []) {
    const ok = isObject(txn) && txn.type === 'transaction' && typeof txn.id === 'string';
    if (ok && belongsToOrder(txn, orderId)) known.transactionMade(orderId, txn.id as string);
  }
}

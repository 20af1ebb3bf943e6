/**
 * What the transaction rules read of an exchange (§2.1, §4.1), so that each judges exactly what its
 * statement is about:
 * - a listing: every item of a successful `GET /v2/orders/:orderId/transactions` whose `data` is an array
 *   (any other shape is ENV-LIST's failure);
 * - a payment: the answer's `data` only when it is a transaction (`type` `transaction`); §4.1 does not show
 *   that answer, so nothing else of it is read;
 * - an action (capture, refund, confirm): the successful answer for a transaction the run made on the order
 *   of the path, sent with a body §4.1 shows. A 2xx for an id the run made up or for another order's
 *   transaction is the unknown-transaction rule's failure alone; a request the suite made malformed
 *   (`probes/http.ts`) is judged only by the rules whose statement covers it; an answer without a `data`
 *   object is ENV-SINGLE's failure.
 */
import { CAPTURE, PAYMENTS, REFUND, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Answer } from '../../helpers/judge/answer.ts';
import { type Knowledge, sameId } from '../../helpers/judge/knowledge.ts';
import { type ExchangeVerdict, onExchanges } from '../../helpers/judge/rule.ts';
import type { Verdict } from '../../helpers/judge/verdict.ts';
import type { Txn } from '../../helpers/provisioning/transactions.ts';

/** Whether the request carried no body (none, or an empty one). */
const noBody = (x: Answer) => !x.response.exchange.request.body;

/** The object's keys are exactly these. */
const hasKeys = (value: unknown, ...keys: string[]): value is Txn =>
  isObject(value) && Object.keys(value).sort().join() === [...keys].sort().join();

/**
 * A JSON body that carries nothing: null, or objects (and arrays) of nothing, such as `{}` or `{"data": {}}`
 * (what the service's SDK sends with a refund).
 */
const carriesNothing = (value: unknown): boolean =>
  value === null ||
  (Array.isArray(value)
    ? value.every(carriesNothing)
    : isObject(value) && Object.values(value).every(carriesNothing));

/**
 * Whether an action was sent with a body §4.1 and provisioning.md show: a capture with none or
 * `{data: {custom_reference: <string>}}`, a refund with none, a confirm with
 * `{data: {gateway: "card_payment_intents", method: "purchase", payment: <token>}}`. A capture or refund
 * whose JSON body carries nothing (`{"data": {}}`) is sent without instructions too: judged by what came back.
 */
export function validActionBody(x: Answer): boolean {
  const harmless = noBody(x) || (x.body !== undefined && carriesNothing(x.body));
  if (x.template === REFUND) return harmless;
  if (x.template === CAPTURE)
    return (
      harmless ||
      (hasKeys(x.body, 'data') &&
        hasKeys(x.body.data, 'custom_reference') &&
        typeof x.body.data.custom_reference === 'string')
    );
  const data = isObject(x.body) ? x.body.data : undefined;
  return (
    hasKeys(x.body, 'data') &&
    hasKeys(data, 'gateway', 'method', 'payment') &&
    data.gateway === 'card_payment_intents' &&
    data.method === 'purchase' &&
    typeof data.payment === 'string' &&
    data.payment !== ''
  );
}

/**
 * The gateway of an authorize body `{data: {gateway: <string>, method: "authorize"}}` (§4.1, those two fields
 * only); undefined for any other body.
 */
export function authorizeGateway(x: Answer): string | undefined {
  const data = isObject(x.body) ? x.body.data : undefined;
  return hasKeys(x.body, 'data') &&
    hasKeys(data, 'gateway', 'method') &&
    data.method === 'authorize' &&
    typeof data.gateway === 'string'
    ? data.gateway
    : undefined;
}

/** Whether the transaction of an action's path is one the run made on the path's order (as known when sent). */
export function ownTransaction(x: Answer, known: Knowledge): boolean {
  const owner = known.orderOf(x.params.transactionId as string, x.sent);
  return owner !== undefined && sameId(owner, x.params.orderId);
}

/**
 * An exchange verdict on each transaction of the successful answers of the endpoints (`TRANSACTIONS`,
 * `PAYMENTS`, the actions), as the module comment says; `judge` asserts on one transaction, or returns
 * without asserting when it is not its subject.
 */
export function onTransactions(
  paths: readonly string[],
  judge: (txn: Txn, at: string, x: Answer, t: Verdict, known: Knowledge) => void,
): ExchangeVerdict {
  return onExchanges({ methods: ['GET', 'POST'], paths }, (x, t, known) => {
    const data = x.response.data;
    t.need(x.method === (x.template === TRANSACTIONS ? 'GET' : 'POST'), 'not a method of the endpoint');
    if (x.template === TRANSACTIONS) {
      t.need(Array.isArray(data), 'the listing has no data array (see ENV-LIST)');
      (data as unknown[]).forEach((txn, i) => {
        if (isObject(txn)) judge(txn, `data[${i}]`, x, t, known);
      });
      return;
    }
    t.need(isObject(data), 'the answer is not { data: <object> } (see ENV-SINGLE)');
    if (x.template === PAYMENTS)
      t.need((data as Txn).type === 'transaction', 'the payment answer is no transaction');
    else {
      t.need(ownTransaction(x, known), 'not a transaction the run made on this order (see TXN-UNKNOWN)');
      t.need(validActionBody(x), 'a body §4.1 does not show (a malformed request)');
    }
    judge(data as Txn, 'data', x, t, known);
  });
}

/** An exchange verdict on the `data` object of every successful answer of one action that is judged. */
export const onActionAnswer = (template: string, judge: (data: Txn, x: Answer, t: Verdict) => void) =>
  onTransactions([template], (data, _at, x, t) => judge(data, x, t));

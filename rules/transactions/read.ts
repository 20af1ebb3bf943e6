/**
 * What the transaction rules read of an exchange (§2.1, §4.1), so that each judges exactly what its
 * statement is about:
 * - a listing: every item of a successful `GET /v2/orders/:orderId/transactions` whose `data` is an array
 *   (any other shape is the list envelope's failure);
 * - a payment: the answer's `data` only when it is a transaction (`type` `transaction`); §4.1 does not show
 *   that answer, so nothing else of it is read;
 * - an action (capture, refund, confirm): the successful answer for a transaction the run made on the order
 *   of the path, sent with a body §4.1 shows. A 2xx for an id the run made up or for another order's
 *   transaction is the unknown-transaction rule's failure alone; a request the suite made malformed
 *   (`probes/http.ts`) is judged only by the rules whose statement covers it; an answer without a `data`
 *   object is the single envelope's failure.
 */
import { CAPTURE, PAYMENTS, REFUND, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import type { Answered } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import type { Scope } from '../../helpers/judge/judging.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import type { Txn } from '../../helpers/provisioning/transactions.ts';

/** Whether the request carried no body (none, or an empty one). */
const noBody = (x: Answered) => !x.response.evidence.request.body;

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
export function validActionBody(x: Answered): boolean {
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
export function authorizeGateway(x: Answered): string | undefined {
  const data = isObject(x.body) ? x.body.data : undefined;
  return hasKeys(x.body, 'data') &&
    hasKeys(data, 'gateway', 'method') &&
    data.method === 'authorize' &&
    typeof data.gateway === 'string'
    ? data.gateway
    : undefined;
}

/** Whether the transaction of an action's path is one the run made on the path's order (as known when sent). */
export function ownTransaction(x: Answered, t: Judgement): boolean {
  const owner = t.known.orderOf(x.params.transactionId as string, x.sent);
  return owner !== undefined && sameId(owner, x.params.orderId);
}

/** The successful answers of the endpoints that show transactions (`TRANSACTIONS`, `PAYMENTS`, the actions). */
export const transactionAnswers = (paths: readonly string[]): Scope => ({ methods: ['GET', 'POST'], paths });

/** A transaction of an answer, and where it sits (`data`, `data[2]`). */
export interface Shown {
  readonly txn: Txn;
  readonly at: string;
}

/**
 * The transactions an answer shows that the rules judge, as the module comment says; ends the judgement when
 * there are none to judge.
 */
export function transactionsOf(x: Answered, t: Judgement): Shown[] {
  const data = x.response.data;
  t.need(x.method === (x.template === TRANSACTIONS ? 'GET' : 'POST'), 'not a method of the endpoint');
  if (x.template === TRANSACTIONS) {
    t.need(Array.isArray(data), 'the listing has no data array');
    return (data as unknown[]).flatMap((txn, i) => (isObject(txn) ? [{ txn, at: `data[${i}]` }] : []));
  }
  t.need(isObject(data), 'the answer is not { data: <object> }');
  if (x.template === PAYMENTS)
    t.need((data as Txn).type === 'transaction', 'the payment answer is no transaction');
  else return [{ txn: actionAnswerOf(x, t), at: 'data' }];
  return [{ txn: data as Txn, at: 'data' }];
}

/**
 * The transaction a successful action (capture, refund, confirm) answers, when the action is judged: on a
 * transaction the run made on the order, sent with a body §4.1 shows; ends the judgement otherwise.
 */
export function actionAnswerOf(x: Answered, t: Judgement): Txn {
  t.need(ownTransaction(x, t), 'not a transaction the run made on this order');
  t.need(validActionBody(x), 'a body §4.1 does not show (a malformed request)');
  return t.need(
    isObject(x.response.data) ? (x.response.data as Txn) : undefined,
    'the answer is not { data: <object> }',
  );
}

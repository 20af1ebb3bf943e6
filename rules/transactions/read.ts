/**
 * What the transaction rules read of an exchange (§2.1, §4.1): each item of a listing's `data` array; a
 * payment's `data` only when it is a transaction (§4.1 does not show that answer); an action's answer only
 * for a transaction the run made on the path's order, sent with a body §4.1 shows (else another rule's).
 */
import {
  ACTIONS,
  CAPTURE,
  CONFIRM,
  PAYMENTS,
  REFUND,
  TRANSACTIONS,
} from '../../helpers/catalogue/endpoints.ts';
import { AFTER, type Op, type Stage } from '../../helpers/catalogue/stages.ts';
import type { CheckFunction } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import type { Answered } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Judgement } from '../../helpers/judge/judgement.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import type { Txn } from '../../helpers/provisioning/transactions.ts';
import type { ManualChain, Paid, TransactionProbes } from '../../probes/transactions.ts';

const hasKeys = (value: unknown, ...keys: string[]): value is Txn =>
  isObject(value) && Object.keys(value).sort().join() === [...keys].sort().join();

/** The `data` of a body that is exactly `{data: {<keys>}}`; undefined for any other. */
const dataWith = (body: unknown, ...keys: string[]) =>
  hasKeys(body, 'data') && hasKeys(body.data, ...keys) ? body.data : undefined;

/** A JSON body that carries nothing: null, or objects and arrays of nothing (the SDK's `{"data": {}}`). */
const carriesNothing = (value: unknown): boolean =>
  value === null ||
  (Array.isArray(value)
    ? value.every(carriesNothing)
    : isObject(value) && Object.values(value).every(carriesNothing));

/**
 * Whether an action was sent with a body §4.1 shows: a capture with none (or one carrying nothing) or
 * `{data: {custom_reference}}`, a refund with none, a confirm with `{data: {gateway, method, payment}}`.
 */
export function validActionBody(x: Answered): boolean {
  const harmless = !x.response.evidence.request.body || (x.body !== undefined && carriesNothing(x.body));
  if (x.template === REFUND) return harmless;
  if (x.template === CAPTURE) {
    // A reference given is a string or null: `{custom_reference: {}}` carries nothing, but is no reference.
    const reference = dataWith(x.body, 'custom_reference')?.custom_reference;
    return reference === undefined || reference === null ? harmless : typeof reference === 'string';
  }
  const data = dataWith(x.body, 'gateway', 'method', 'payment');
  return (
    data?.gateway === 'card_payment_intents' &&
    data.method === 'purchase' &&
    typeof data.payment === 'string' &&
    data.payment !== ''
  );
}

/** The gateway of an authorize body `{data: {gateway: <string>, method: "authorize"}}` (§4.1). */
export function authorizeGateway(x: Answered): string | undefined {
  const data = dataWith(x.body, 'gateway', 'method');
  return data?.method === 'authorize' && typeof data.gateway === 'string' ? data.gateway : undefined;
}

/** Whether the transaction of an action's path is one the run made on the path's order. */
export function ownTransaction(x: Answered, t: Judgement): boolean {
  const owner = t.known.orderOf(x.params.transactionId as string, x.sent);
  return owner !== undefined && sameId(owner, x.params.orderId);
}

/**
 * The verdict on each transaction of an answer of `paths` (each item of a listing's `data`, a payment's or an
 * action's `data` as the module comment says), and where it sits.
 */
export function eachTransaction(
  judge: (txn: Txn, at: string, x: Answered, t: Judgement) => void,
  paths: readonly string[] = [TRANSACTIONS, PAYMENTS, ...ACTIONS],
): RuleDeclaration['exchange'] {
  return {
    scope: { methods: ['GET', 'POST'], paths },
    judge: (x, t) => {
      for (const { txn, at } of transactionsOf(x, t)) judge(txn, at, x, t);
    },
  };
}

/** The transactions of an answer the rules judge, and where each sits; ends the judgement if none. */
function transactionsOf(x: Answered, t: Judgement): { txn: Txn; at: string }[] {
  const data = x.response.data;
  t.need(x.method === (x.template === TRANSACTIONS ? 'GET' : 'POST'), 'not a method of the endpoint');
  if (x.template === TRANSACTIONS) {
    t.need(Array.isArray(data), 'the listing has no data array');
    return (data as unknown[]).flatMap((txn, i) => (isObject(txn) ? [{ txn, at: `data[${i}]` }] : []));
  }
  t.need(isObject(data), 'the answer is not { data: <object> }');
  if (x.template !== PAYMENTS) return [{ txn: actionAnswerOf(x, t), at: 'data' }];
  t.need((data as Txn).type === 'transaction', 'the payment answer is no transaction');
  return [{ txn: data as Txn, at: 'data' }];
}

/**
 * The verdict on the transaction a successful action on `path` answers, when judged (the module comment); with
 * `succeeds`, the action's own rule, also on a refusal of it where §3 says it succeeds ({@link expectSucceeded}),
 * and on which transaction it answers: whether the action changes its transaction in place or adds one is not
 * shown, but either way it answers the transaction of its path or a new one, never another a payment made.
 */
export function onActionAnswer(
  path: string,
  judge: (data: Txn, x: Answered, t: Judgement) => void,
  { succeeds = false } = {},
): RuleDeclaration['exchange'] {
  return {
    scope: { methods: ['POST'], paths: [path], status: succeeds ? 'not 5xx' : '2xx' },
    judge: (x, t) => {
      if (!x.response.ok) return expectSucceeded(x, t);
      const data = actionAnswerOf(x, t);
      const id = x.params.transactionId as string;
      const other = typeof data.id === 'string' && !sameId(data.id, id) && t.known.orderOf(data.id, x.sent);
      if (succeeds)
        t.assert(
          !other,
          `data.id the transaction of the path (${id}) or a new one`,
          () => `${String(data.id)}, another transaction a payment of the run made`,
          x.response,
        );
      judge(data, x, t);
    },
  };
}

/**
 * An action on a transaction of a sequenced order (`probes/sequences/orders.ts`) in the stage §3 acts on,
 * sent with no body beyond what it needs: the capture of an authorization, the refund of a capture (on an
 * order with no refund: whether an order is refunded twice is not shown), the confirm of a purchase (each on an
 * order no transaction is known to have paid: whether an order is paid twice is not shown either). Every
 * transaction of the order is known: one the run no longer knows may have paid or refunded it.
 */
function expectSucceeded(x: Answered, t: Judgement): void {
  const op = x.template.split('/').at(-1) as Op;
  const { from } = AFTER[op];
  t.need(ownTransaction(x, t), 'not a transaction the run made on this order');
  // A body where §4.1 shows none (a capture's or refund's `{}`) may be refused.
  const plain = x.template === CONFIRM ? validActionBody(x) : !x.response.evidence.request.body;
  t.need(plain, 'a body beyond what the action needs');
  const id = x.params.transactionId as string;
  t.need(t.known.transactionStage(id, x.sent) === from, `not a transaction the run knows is ${from}`);
  const stages = t.known
    .transactionsOf(x.params.orderId as string, x.sent)
    .map((txn) => t.known.transactionStage(txn, x.sent));
  t.need(
    stages.every((stage) => stage !== undefined),
    'an order holding a transaction the run no longer knows (whether an order is paid or refunded twice is not shown)',
  );
  const paid: readonly (Stage | undefined)[] =
    op === 'refund' ? ['refunded'] : ['captured', 'refunded', 'confirmed'];
  t.need(
    !stages.some((stage) => paid.includes(stage)),
    `an order another transaction already ${op === 'refund' ? 'refunded' : 'paid'} (whether an order is paid or refunded twice is not shown)`,
  );
  const expected = `2xx: §3 says ${op} succeeds on a transaction ${from} (the run's, sent nothing else since)`;
  t.assert(false, expected, () => `${x.response.status}`, x.response);
}

function actionAnswerOf(x: Answered, t: Judgement): Txn {
  t.need(ownTransaction(x, t), 'not a transaction the run made on this order');
  t.need(validActionBody(x), 'a body §4.1 does not show (a malformed request)');
  return t.need(
    isObject(x.response.data) ? (x.response.data as Txn) : undefined,
    'the answer is not { data: <object> }',
  );
}

/** A flow over the chain of each gate order of the manual gateway (those `gate` keeps), which writes. */
export function onPaidChains(
  title: string,
  judge: (t: CheckContext, chain: ManualChain) => void,
  gate: (paid: Paid) => boolean = () => true,
): (probes: TransactionProbes, check: CheckFunction) => void {
  return (probes, check) =>
    check(title, async (t: CheckContext, paid: Paid) => judge(t, await paid.chain()), {
      writes: true,
      inputs: { show: (paid: Paid) => paid.name, gate: probes.paid.filter(gate) },
    });
}

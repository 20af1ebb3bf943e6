/**
 * Model-based sequences over the states of an order and its transactions (§3, §4.1; the state machines of
 * `probes/space/transitions.ts`), deep profile. Each sequence acts on a new order of the run that holds two
 * manual authorizations and a payment-intent purchase (several transactions of one gateway, and both
 * gateways, on one order), and fast-check draws the operations (`fc.commands`), run one request at a time
 * (`fc.asyncModelRun`): another payment (manual or payment intent), a capture with or without a
 * custom_reference, a refund, a confirm, of any of the order's transactions in whatever state it is (a
 * second refund on the order, the capture of one that is not the newest, a refund of one already refunded),
 * a listing of the order; the order is listed at the end. The model is the run's knowledge
 * (`helpers/judge/knowledge.ts`): the order is sequenced, so it lists the transactions the run made on it,
 * each as the last action on it answered, and a refused write (4xx) changes nothing. Every answer is judged
 * by every exchange rule; a sequence fails when one fails on what it sent, and fast-check shrinks it to the
 * shortest that still does (replay: `--seed N --rule ID --depth deep`).
 *
 * The authentication rules' flows ("changes nothing", `rules/authentication/refused.ts`) take sequences of
 * their own rows (one per rule), on a new order authorized once: a few operations, then the write that would
 * succeed on one of the order's transactions (refund a capture, capture an authorization, confirm a
 * purchase) sent without valid credentials, the order read before and after.
 */
import fc from 'fast-check';
import { type Credential, unauthenticated } from '../../helpers/auth/lookalikes.ts';
import { probe } from '../../helpers/check/check.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { showText } from '../../helpers/inputs/text.ts';
import { authorizeBody, paymentIntentPurchaseBody } from '../../helpers/provisioning/bodies.ts';
import { createOrder, createProduct } from '../../helpers/provisioning/create.ts';
import { once } from '../../helpers/provisioning/once.ts';
import {
  actionPath,
  listedTransactions,
  pay,
  transactionState,
  transactionsPath,
} from '../../helpers/provisioning/transactions.ts';
import type { SuiteRun } from '../../helpers/run/suite.ts';
import type { RefusedWrite, RefusedWrites, Unauthenticated, WriteInput } from '../replay.ts';
import { lanes, showSequence } from './sequence.ts';

const GATEWAYS = ['manual', 'card_payment_intents'] as const;
type Gateway = (typeof GATEWAYS)[number];
const ACTIONS = ['capture', 'refund', 'confirm'] as const;
/** The payments a sequence's order starts with, in turn. */
const START: readonly Gateway[] = ['manual', 'manual', 'card_payment_intents'];
/** Sequences of a row run at a time (`lanes`). */
const LANES = 3;
const ON = 'a new order authorized twice (manual) and purchased once (payment intent)';
const AUTHORIZED = 'a new order authorized once (manual)';

/** The sequence's order: its id, the transactions the run made on it (oldest first), its last listing. */
interface Model {
  readonly id: string;
  readonly txns: { readonly id: string; readonly gateway: Gateway }[];
  listing?: ApiResponse;
}

type Command = fc.AsyncCommand<Model, SuiteRun>;

const list = async (run: SuiteRun, m: Model) => {
  m.listing = await run.api.get(transactionsPath(m.id));
  return m.listing;
};

/** Pays the order (the new transaction: named by the answer, or new on its listing). */
async function payOrder(run: SuiteRun, m: Model, gateway: Gateway): Promise<void> {
  const body = gateway === 'manual' ? authorizeBody() : paymentIntentPurchaseBody(run.settings.paymentToken);
  const { txnId, listing } = await pay(run, m.id, body, gateway, m.listing ? { before: m.listing } : {});
  if (listing) m.listing = listing;
  if (txnId !== undefined && !m.txns.some((t) => t.id === txnId)) m.txns.push({ id: txnId, gateway });
}

/** The `i`-th of the order's transactions, counted round. */
const txnOf = (m: Model, i: number) => m.txns[i % m.txns.length] as Model['txns'][number];

class Pay implements Command {
  constructor(readonly gateway: Gateway) {}
  check = () => true;
  run = (m: Model, run: SuiteRun) => payOrder(run, m, this.gateway);
  toString() {
    return this.gateway === 'manual' ? 'authorize' : 'purchase (payment intent)';
  }
}

/** An action on one of the order's transactions, in whatever state it is. */
class Act implements Command {
  constructor(
    readonly txn: number,
    readonly action: (typeof ACTIONS)[number],
    readonly reference: string | undefined,
  ) {}
  check = (m: Readonly<Model>) => m.txns.length > 0;
  async run(m: Model, run: SuiteRun) {
    const json =
      this.action === 'confirm'
        ? paymentIntentPurchaseBody(run.settings.paymentToken)
        : this.reference === undefined
          ? undefined
          : { data: { custom_reference: this.reference } };
    await run.api.post(
      actionPath(m.id, txnOf(m, this.txn).id, this.action),
      json === undefined ? {} : { json },
    );
  }
  toString() {
    const reference =
      this.reference === undefined ? '' : ` with custom_reference ${showText(this.reference)}`;
    return `${this.action} transaction ${this.txn + 1}${reference}`;
  }
}

class List implements Command {
  check = () => true;
  run = async (m: Model, run: SuiteRun) => {
    await list(run, m);
  };
  toString() {
    return 'list';
  }
}

/** The operations of a sequence, drawn with `weights` (pay, act, list). */
function commands(maxCommands: number, [payWeight, actWeight, listWeight]: readonly number[]) {
  const command = fc.oneof(
    { weight: payWeight as number, arbitrary: fc.constantFrom(...GATEWAYS).map((g) => new Pay(g)) },
    {
      weight: actWeight as number,
      arbitrary: fc
        .tuple(
          fc.nat(START.length),
          fc.constantFrom(...ACTIONS, 'capture'),
          fc.option(fc.constantFrom('conformance-a', 'conformance-b'), { nil: undefined }),
        )
        .map(([t, a, r]) => new Act(t, a, a === 'capture' ? r : undefined)),
    },
    { weight: listWeight as number, arbitrary: fc.constant(null).map(() => new List()) },
  );
  return fc.commands([command as fc.Arbitrary<Command>], { maxCommands });
}

/**
 * The write that would succeed on one of the order's transactions (by what its last action answered: refund
 * a capture, capture a manual authorization, confirm a purchase), sent with `credential`, the order read
 * before and after.
 */
async function refusedWrite(
  run: SuiteRun,
  m: Model,
  i: number,
  credential: Credential,
): Promise<RefusedWrite> {
  const txn = txnOf(m, i);
  const type = run.known.transactionType(txn.id, Number.POSITIVE_INFINITY);
  const action =
    type === 'capture' || type === 'refund' ? 'refund' : txn.gateway === 'manual' ? 'capture' : 'confirm';
  const state = async () => {
    const listed = await list(run, m);
    return [
      `GET transactions: ${listed.statusClass}`,
      ...transactionState(listedTransactions(listed) ?? [], m.id),
    ];
  };
  const before = await state();
  const answer = await run.api.post(actionPath(m.id, txn.id, action), {
    ...(action === 'confirm' ? { json: paymentIntentPurchaseBody(run.settings.paymentToken) } : {}),
    auth: credential.auth,
  });
  return {
    before,
    answer,
    after: await state(),
    record: "the order's transactions (id, transaction_type, status)",
  };
}

/**
 * Declares the deep profile's order sequences (a probe: every rule judges what they send), and returns the
 * sequences that end with a write without valid credentials, for the flows of the authentication rules.
 */
export function orderSequences(run: SuiteRun): RefusedWrites {
  const product = once(() => createProduct(run).then((p) => p.id));
  /** A new order of the run, sequenced, paid through each of `gateways` in turn. */
  const start = async (gateways: readonly Gateway[]): Promise<Model> => {
    const m: Model = { id: await createOrder(run, await product()), txns: [] };
    run.known.orderSequenced(m.id);
    for (const gateway of gateways) await payOrder(run, m, gateway);
    return m;
  };
  const deep = run.settings.depth === 'deep' && !run.settings.readOnly;
  const [orders, missing, invalid] = [lanes(LANES), lanes(LANES), lanes(LANES)];
  if (deep)
    probe(
      'sequences of payments and actions on an order (model-based, fc.commands)',
      {
        show: (sequence) => showSequence(ON, sequence),
        deep: { row: 'sequences/orders', arbitrary: commands(6, [1, 5, 1]) },
      },
      (sequence) =>
        orders(async () => {
          const m = await start(START);
          await fc.asyncModelRun(() => ({ model: m, real: run }), sequence);
          await list(run, m);
        }),
      { writes: true },
    );

  return {
    replayed: true,
    writes: (credentials: Unauthenticated) => ({
      show: (w: WriteInput) => w.shown,
      deep: {
        row: credentials === 'none' ? 'sequences/missing' : 'sequences/invalid',
        arbitrary: fc
          .tuple(commands(2, [1, 4, 0]), fc.nat(1), unauthenticated(run.settings.token, credentials))
          .map(
            ([sequence, i, credential]): WriteInput => ({
              get shown() {
                return `${showSequence(AUTHORIZED, sequence)}; then the write that would succeed on transaction ${i + 1}, ${credential.kind}`;
              },
              send: () =>
                (credentials === 'none' ? missing : invalid)(async () => {
                  const m = await start(['manual']);
                  await fc.asyncModelRun(() => ({ model: m, real: run }), sequence);
                  return refusedWrite(run, m, i, credential);
                }),
            }),
          ),
      },
    }),
  };
}

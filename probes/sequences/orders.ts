/**
 * Model-based sequences over the states of an order and its transactions (§3, §4.1), deep, the run's knowledge
 * as the model. The authentication rules' flows take sequences of their own: writes the model expects to
 * succeed, sent without valid credentials, the order read before and after each.
 */
import fc from 'fast-check';
import { type Credential, MISSING, unauthenticated } from '../../helpers/auth/lookalikes.ts';
import { opFor, type Stage } from '../../helpers/catalogue/stages.ts';
import { probe } from '../../helpers/check/check.ts';
import { skip } from '../../helpers/check/failure.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { showText } from '../../helpers/inputs/text.ts';
import { authorizeBody, paymentIntentPurchaseBody } from '../../helpers/provisioning/bodies.ts';
import { createOrder, createProduct } from '../../helpers/provisioning/create.ts';
import { once } from '../../helpers/provisioning/once.ts';
import { actionPath, pay, paymentsPath, transactionsPath } from '../../helpers/provisioning/transactions.ts';
import type { SuiteRun } from '../../helpers/run/suite.ts';
import {
  ORDER_RECORD,
  orderState,
  type RefusedWrite,
  type RefusedWrites,
  type Unauthenticated,
  type WriteInput,
} from '../relations.ts';
import { endsWithChange, plans } from '../space/machine.ts';
import { ORDER_MACHINE, ORDER_STATES, type OrderAction, type Refusal, showAction } from '../space/orders.ts';
import { lanes, showSequence } from './sequence.ts';

const GATEWAYS = ['manual', 'card_payment_intents'] as const;
type Gateway = (typeof GATEWAYS)[number];
const ACTIONS = ['capture', 'refund', 'confirm'] as const;
type Action = (typeof ACTIONS)[number];
const LANES = 3;
const AUTHORIZED = 'a new order authorized once (manual) and captured: operations';

/** The sequence's order: its id, the transactions the run made on it (oldest first), its last listing. */
interface Model {
  readonly id: string;
  readonly txns: { readonly id: string; readonly gateway: Gateway }[];
  listing?: ApiResponse;
  /** What a transaction is (the run's knowledge: undefined, not known). */
  readonly stageOf: (id: string) => Stage | undefined;
}
type Txn = Model['txns'][number];

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

/** The action the model expects to succeed on a transaction (§3), by what the run knows it is. */
const succeeding = (m: Readonly<Model>, txn: Txn): Action | undefined => opFor(m.stageOf(txn.id));

/**
 * Sends an action on a transaction of the order: a capture with `reference`, or none; a capture or refund
 * `empty` with a JSON body that carries nothing (`{}`; §4.1 shows none: a server may refuse it, what it serves
 * is judged as the plain action).
 */
const act = (
  run: SuiteRun,
  m: Model,
  txnId: string,
  action: Action,
  reference?: string,
  auth?: Credential,
  empty = false,
) => {
  const json =
    action === 'confirm'
      ? paymentIntentPurchaseBody(run.settings.paymentToken)
      : reference === undefined
        ? empty
          ? {}
          : undefined
        : { data: { custom_reference: reference } };
  return run.api.post(actionPath(m.id, txnId, action), {
    ...(json === undefined ? {} : { json }),
    ...(auth ? { auth: auth.auth } : {}),
  });
};

/** The transactions an action is sent to: those the model expects it to succeed on (`fit`), or all. */
const targets = (m: Readonly<Model>, action: string, fit: boolean) =>
  fit ? m.txns.filter((t) => succeeding(m, t) === action) : m.txns;

class Pay implements Command {
  constructor(readonly gateway: Gateway) {}
  check = () => true;
  run = (m: Model, run: SuiteRun) => payOrder(run, m, this.gateway);
  toString = () => (this.gateway === 'manual' ? 'authorize' : 'purchase (payment intent)');
}

/** An action on the `txn`-th (counted round) of the transactions it fits (`fit`), or of all. */
class Act implements Command {
  constructor(
    readonly txn: number,
    readonly action: (typeof ACTIONS)[number],
    readonly fit: boolean,
    readonly reference: string | undefined,
  ) {}
  check = (m: Readonly<Model>) => targets(m, this.action, this.fit).length > 0;
  async run(m: Model, run: SuiteRun) {
    const all = targets(m, this.action, this.fit);
    await act(run, m, (all[this.txn % all.length] as Txn).id, this.action, this.reference);
  }
  toString() {
    const which = this.fit ? ` of those it applies to` : '';
    const reference =
      this.reference === undefined ? '' : ` with custom_reference ${showText(this.reference)}`;
    return `${this.action} transaction ${this.txn + 1}${which}${reference}`;
  }
}

class List implements Command {
  check = () => true;
  run = async (m: Model, run: SuiteRun) => {
    await list(run, m);
  };
  toString = () => 'list';
}

/** A refusal of the state model (`probes/space/orders.ts`): a request the order must refuse, changing nothing. */
class Refuse implements Command {
  constructor(readonly refusal: Refusal) {}
  check = () => true;
  async run(m: Model, run: SuiteRun) {
    const open = m.txns.find((t) => succeeding(m, t) !== undefined);
    switch (this.refusal) {
      case 'without valid credentials':
        if (open) await act(run, m, open.id, succeeding(m, open) as Action, undefined, MISSING);
        else await run.api.post(paymentsPath(m.id), { json: authorizeBody(), auth: MISSING.auth });
        return;
      case 'a payment of another gateway':
        await run.api.post(paymentsPath(m.id), {
          json: { data: { gateway: 'stripe', method: 'authorize' } },
        });
        return;
      // An id in the place of a transaction that one here would take the action on (a made-up one, the order's own).
      case 'an id that names nothing': {
        await act(
          run,
          m,
          run.known.madeUpId(open?.id, 'the order model'),
          open ? (succeeding(m, open) as Action) : 'capture',
        );
        return;
      }
      case 'an id of another kind':
        await act(run, m, m.id, open ? (succeeding(m, open) as Action) : 'capture');
        return;
      case "another order's transaction": {
        // Of an order the run sequences: what a wrong answer did to it is then not known (no other check's).
        const other = run.known.otherTransaction(m.id, Number.POSITIVE_INFINITY, true);
        if (other !== undefined) await act(run, m, other, 'capture');
      }
    }
  }
  toString = () => this.refusal;
}

/** An action of the state model as a command. */
const commandOf = (a: OrderAction): Command =>
  a.kind === 'pay'
    ? new Pay(a.gateway)
    : a.kind === 'act'
      ? new Act(a.at, a.op, false, undefined)
      : a.kind === 'list'
        ? new List()
        : new Refuse(a.refusal);

/**
 * Then every transaction takes the action §3 expects to succeed on it, oldest first; on half the orders (by the
 * last character of the id) with a JSON body that carries nothing.
 */
async function sweep(run: SuiteRun, m: Model): Promise<void> {
  const empty = m.id.charCodeAt(m.id.length - 1) % 2 === 1;
  for (const txn of [...m.txns]) {
    const action = succeeding(m, txn);
    if (action) await act(run, m, txn.id, action, undefined, undefined, empty);
  }
}

/**
 * The operations between a flow's two writes: a payment, or a capture (with or without a reference) or a confirm of
 * one of the order's transactions, mostly one the model expects it to succeed on. No refund: the writes that would
 * succeed are the ones to refuse.
 */
function between() {
  const command = fc.oneof(
    { weight: 1, arbitrary: fc.constantFrom(...GATEWAYS).map((g) => new Pay(g)) },
    {
      weight: 4,
      arbitrary: fc
        .tuple(
          fc.nat(2),
          fc.constantFrom('capture', 'confirm'),
          fc.constantFrom(true, true, false),
          fc.option(fc.constantFrom('conformance-a', 'conformance-b'), { nil: undefined }),
        )
        .map(([t, a, fit, r]) => new Act(t, a, fit, a === 'capture' ? r : undefined)),
    },
  );
  // No filter: iterating a sequence before it runs keeps fast-check from shrinking it.
  return fc.commands([command as fc.Arbitrary<Command>], { maxCommands: 2 });
}

/** The write the model expects to succeed on the `i`-th open transaction, with `credential`, read around. */
async function refusedWrite(
  run: SuiteRun,
  m: Model,
  i: number,
  credential: Credential,
): Promise<RefusedWrite | undefined> {
  const open = m.txns.filter((t) => succeeding(m, t) !== undefined);
  const txn = open[i % open.length];
  const action = txn && succeeding(m, txn);
  if (!txn || !action) return undefined;
  const state = async () => orderState(await list(run, m), m.id);
  const before = await state();
  const answer = await run.api.post(actionPath(m.id, txn.id, action), {
    ...(action === 'confirm' ? { json: paymentIntentPurchaseBody(run.settings.paymentToken) } : {}),
    auth: credential.auth,
  });
  return { before, answer, after: await state(), record: ORDER_RECORD, when: 'read again at once' };
}

/** Declares the order sequences; returns those with writes without valid credentials, for the flows. */
export function orderSequences(run: SuiteRun): RefusedWrites {
  const product = once(() => createProduct(run).then((p) => p.id));
  /** A new order of the run, sequenced, paid through each of `gateways` in turn, its first transaction captured. */
  const start = async (gateways: readonly Gateway[]): Promise<Model> => {
    const id = await createOrder(run, await product());
    run.known.orderSequenced(id);
    const m: Model = {
      id,
      txns: [],
      stageOf: (txn) => run.known.transactionStage(txn, Number.POSITIVE_INFINITY),
    };
    for (const gateway of gateways) await payOrder(run, m, gateway);
    if (m.txns.length > 0) await new Act(0, 'capture', false, undefined).run(m, run);
    return m;
  };
  const [missing, invalid] = [lanes(LANES), lanes(LANES)];
  if (run.settings.depth === 'deep' && !run.settings.readOnly) {
    probe(
      'the ways to each (state, action) pair of an order, then every transaction’s next action (§3)',
      {
        show: (plan: readonly OrderAction[]) =>
          `${showSequence('a new order', plan.map(showAction))}; then each transaction’s next action (§3), and list`,
        deep: {
          row: 'states/orders',
          arbitrary: fc.constantFrom(...plans(ORDER_MACHINE, new Set())),
          // First the ways to the pairs not visited yet.
          classes: () =>
            plans(ORDER_MACHINE, new Set(run.coverage.visits()[ORDER_STATES.name])).map((p) =>
              fc.constant(p),
            ),
          size: (plan) => plan.length,
          classesOnly: true,
        },
      },
      async (plan) => {
        const m = await start([]);
        for (const [k, command] of plan.map(commandOf).entries()) {
          // The change a way ends with is seen from both sides: the order listed just before it, and after.
          if (k === plan.length - 1 && endsWithChange(ORDER_MACHINE, plan)) await list(run, m);
          if (command.check(m)) await command.run(m, run);
        }
        await sweep(run, m);
        await list(run, m);
      },
      { writes: true },
    );
  }

  return {
    replayed: true,
    writes: (credentials: Unauthenticated) => {
      const credential = unauthenticated(run.settings.token, credentials);
      return {
        show: (w: WriteInput) => w.shown,
        deep: {
          row: credentials === 'none' ? 'sequences/missing' : 'sequences/invalid',
          arbitrary: fc.tuple(credential, between(), fc.nat(1), credential).map(
            ([first, sequence, i, then]): WriteInput => ({
              get shown() {
                return `${showSequence(AUTHORIZED, sequence)}, the refund of the capture ${first.kind} before them, the write that would succeed on transaction ${i + 1} ${then.kind} after`;
              },
              send: () =>
                (credentials === 'none' ? missing : invalid)(async () => {
                  const m = await start(['manual']);
                  const refund = await refusedWrite(run, m, 0, first);
                  if (refund && refund.after.join() !== refund.before.join()) return refund;
                  await fc.asyncModelRun(() => ({ model: m, real: run }), sequence);
                  return (await refusedWrite(run, m, i, then)) ?? refund ?? skip('no write to refuse');
                }),
            }),
          ),
        },
      };
    },
  };
}

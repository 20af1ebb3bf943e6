/**
 * The states of an order (§3, §4.1): what it holds, its transactions in the order they were made, each by its
 * gateway and the last action that succeeded on it. A point is a pair `state: action` where the state is one
 * that at most two actions reach from a new order (by what §3 says each action does), and the action is any
 * the order can take from it: a payment of each gateway, each action on each transaction, a listing, and each
 * refusal (credentials, another gateway, an id that names nothing, another order's transaction). The deep
 * sequences (`probes/sequences/orders.ts`) drive new orders to the pairs not visited yet (`plans`).
 */
import { ACTIONS, PAYMENTS, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { AFTER, MADE_BY, OPS, type Op, type Stage } from '../../helpers/catalogue/stages.ts';
import type { Exchange } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { Dimension } from '../../helpers/inputs/coverage.ts';
import { type Machine, pointId as machinePoint, pointsOf } from './machine.ts';

/** An order's state: its transactions' stages, oldest first. */
export type OrderState = readonly Stage[];

/** The refusals an order meets in every state; each changes nothing. */
export const REFUSALS = [
  'without valid credentials',
  'a payment of another gateway',
  'an id that names nothing',
  'an id of another kind',
  "another order's transaction",
] as const;
export type Refusal = (typeof REFUSALS)[number];

export type OrderAction =
  | { readonly kind: 'pay'; readonly gateway: 'manual' | 'card_payment_intents' }
  | { readonly kind: 'act'; readonly op: Op; readonly at: number }
  | { readonly kind: 'list' }
  | { readonly kind: 'refuse'; readonly refusal: Refusal };

export const showState = (s: OrderState) =>
  s.length === 0 ? 'no transaction' : s.map((stage, i) => `${i + 1} ${stage}`).join(', ');

export function showAction(a: OrderAction): string {
  switch (a.kind) {
    case 'pay':
      return a.gateway === 'manual' ? 'authorize' : 'purchase (payment intent)';
    case 'act':
      return `${a.op} transaction ${a.at + 1}`;
    case 'list':
      return 'list';
    case 'refuse':
      return a.refusal;
  }
}

/** The actions an order in state `s` can take. */
export const actionsFrom = (s: OrderState): OrderAction[] => [
  { kind: 'pay', gateway: 'manual' },
  { kind: 'pay', gateway: 'card_payment_intents' },
  { kind: 'list' },
  ...s.flatMap((_, at) => OPS.map((op) => ({ kind: 'act' as const, op, at }))),
  ...REFUSALS.map((refusal) => ({ kind: 'refuse' as const, refusal })),
];

/** The state §3 expects after `a` (an action it does not say succeeds changes nothing). */
export function after(s: OrderState, a: OrderAction): OrderState {
  if (a.kind === 'pay') return [...s, a.gateway === 'manual' ? 'authorized' : 'purchased'];
  if (a.kind !== 'act' || s[a.at] !== AFTER[a.op].from) return s;
  return s.map((stage, i) => (i === a.at ? AFTER[a.op].to : stage));
}

export const ORDER_MACHINE: Machine<OrderState, OrderAction> = {
  start: [],
  actionsFrom,
  after,
  showState,
  showAction,
};

export const pointId = (s: OrderState, a: OrderAction) => machinePoint(ORDER_MACHINE, s, a);

/** The gate's covering set: every action from one state where it matters. */
const GATE = new Set([
  'no transaction: authorize',
  'no transaction: purchase (payment intent)',
  'no transaction: list',
  'no transaction: a payment of another gateway',
  '1 authorized: capture transaction 1',
  '1 authorized: authorize',
  '1 authorized: without valid credentials',
  '1 captured: refund transaction 1',
  '1 purchased: confirm transaction 1',
  "1 authorized: another order's transaction",
  'no transaction: an id that names nothing',
]);

const points = pointsOf(ORDER_MACHINE, GATE);
const ids = new Set(points.map((p) => p.id));

/** An order as the journal shows it: its transactions, oldest first (an id unknown until a listing names it). */
interface Followed {
  readonly txns: { id?: string; gateway: string; stage: Stage | undefined }[];
}
const lower = (id: unknown) => (typeof id === 'string' ? id.toLowerCase() : '');

/** The action an exchange is on the order it names, and what it did to the followed order. */
function follow(
  x: Exchange,
  orders: Map<string, Followed>,
): { order: Followed; action: OrderAction } | undefined {
  // The token respelt (`bearer`) may be refused: served, it is the token's; refused, it changed nothing.
  const token = x.credentials === 'token' || (x.credentials === 'respelled' && x.response?.ok === true);
  const ok = x.response?.ok === true && token;
  if (x.method === 'POST' && x.template === '/v2/carts/:cartRef/checkout') {
    const id = isObject(x.response?.data) ? lower(x.response.data.id) : '';
    if (ok && id) orders.set(id, { txns: [] });
    return undefined;
  }
  const order = orders.get(lower(x.params.orderId));
  if (!order) return undefined;
  const refused = (refusal: Refusal) => ({ order, action: { kind: 'refuse' as const, refusal } });
  if (!token && (x.template === PAYMENTS || ACTIONS.includes(x.template as never)))
    return x.method === 'POST' && (x.credentials === 'none' || x.credentials === 'other')
      ? refused('without valid credentials')
      : undefined;
  if (x.template === TRANSACTIONS && x.method === 'GET') {
    if (!token) return undefined;
    const listed = ok && Array.isArray(x.response?.data) ? x.response.data.filter(isObject) : [];
    for (const txn of listed) {
      const id = lower(txn.id);
      const unnamed = order.txns.find((t) => t.id === undefined && t.gateway === txn.gateway);
      if (id && unnamed && !order.txns.some((t) => t.id === id)) unnamed.id = id;
    }
    return { order, action: { kind: 'list' } };
  }
  if (x.template === PAYMENTS && x.method === 'POST') {
    const data = isObject(x.body) && isObject(x.body.data) ? x.body.data : {};
    const gateway = data.method === 'purchase' ? 'card_payment_intents' : 'manual';
    if (data.gateway !== gateway) return refused('a payment of another gateway');
    const action = { kind: 'pay' as const, gateway } as const;
    const id = isObject(x.response?.data) ? lower(x.response.data.id) : '';
    if (ok) order.txns.push({ ...(id ? { id } : {}), gateway, stage: MADE_BY[gateway] });
    return { order, action };
  }
  if (!ACTIONS.includes(x.template as never) || x.method !== 'POST') return undefined;
  const id = lower(x.params.transactionId);
  const at = order.txns.findIndex((t) => t.id === id);
  if (at < 0) {
    if (id === lower(x.params.orderId)) return refused('an id of another kind');
    const elsewhere = [...orders.values()].some((o) => o.txns.some((t) => t.id === id));
    return refused(elsewhere ? "another order's transaction" : 'an id that names nothing');
  }
  const op = x.template.split('/').at(-1) as Op;
  const txn = order.txns[at] as Followed['txns'][number];
  // What an action leaves: §3's stage when it answered the transaction from the stage §3 names; a refusal leaves it.
  const answered = isObject(x.response?.data) && lower(x.response.data.id) === id;
  if (x.response?.statusClass !== '4xx')
    txn.stage = ok && answered && txn.stage === AFTER[op].from ? AFTER[op].to : undefined;
  return { order, action: { kind: 'act', op, at } };
}

export const ORDER_STATES: Dimension = {
  name: 'order states',
  title: 'Every action an order can take from each state two actions reach (§3, §4.1)',
  points,
  visits: (x, state) => {
    const orders = (state.get('orders') as Map<string, Followed> | undefined) ?? new Map<string, Followed>();
    state.set('orders', orders);
    const before = (o: Followed | undefined) => o?.txns.map((t) => t.stage);
    const order = orders.get(lower(x.params.orderId));
    const was = before(order);
    const seen = follow(x, orders);
    if (!seen || !was || was.some((s) => s === undefined)) return [];
    const id = pointId(was as Stage[], seen.action);
    return ids.has(id) ? [id] : [];
  },
};

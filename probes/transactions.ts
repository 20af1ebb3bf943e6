/**
 * The probes of the transactions area (§2.1, §3, §4.1), judged by `rules/transactions/` with what the run
 * knows; the flows read `TransactionProbes`. Gate: four orders paid through the manual gateway, a fifth acted
 * on under another order, a payment-intent purchase, ids the order does not have; deep, generated ones. A
 * transaction is found by id, never by its place in a listing; a refused product or reference leaves the input
 * unjudged, a refused reference followed by a short ASCII one.
 */
import fc from 'fast-check';
import { probe } from '../helpers/check/check.ts';
import { Skip, skip } from '../helpers/check/failure.ts';
import type { ApiResponse } from '../helpers/http/response.ts';
import { amounts, currencies } from '../helpers/inputs/arbitraries.ts';
import { schemaNode } from '../helpers/inputs/schema-arbitrary.ts';
import {
  boundaryTexts,
  MIXED_TEXT,
  showText,
  spaced,
  textsOf,
  valueLookalikeClasses,
} from '../helpers/inputs/text.ts';
import {
  authorizeBody,
  type Price,
  paymentIntentPurchaseBody,
  productBody,
} from '../helpers/provisioning/bodies.ts';
import { checkOut, createProduct } from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import { actionPath, pay, transactionsPath } from '../helpers/provisioning/transactions.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';

/** An order to pay: its items (in `quantity`), its customer's text, the capture's custom_reference. */
export interface OrderShape {
  readonly items: readonly Price[];
  readonly quantity?: number;
  readonly customer?: string;
  readonly reference?: string;
}

/** What paying an order through the manual gateway sent and found. */
export interface ManualChain {
  readonly orderId: string;
  before?: ApiResponse;
  readonly refused: ApiResponse[];
  authorize?: ApiResponse;
  listed?: ApiResponse;
  txnId?: string;
  capture?: ApiResponse;
  refund?: ApiResponse;
}

/** A gate order of the manual gateway, for the flows: its chain is sent once. */
export interface Paid {
  readonly name: string;
  readonly refuses: boolean;
  readonly chain: () => Promise<ManualChain>;
}

/** What the transaction rules' flows read. */
export type TransactionProbes = ReturnType<typeof transactionProbes>;

const ACTIONS = ['capture', 'refund', 'confirm'] as const;
type Action = (typeof ACTIONS)[number];

/** Gateways other than `manual` (§4.1: "The authorize endpoint is for the manual gateway only"). */
const OTHER_GATEWAYS = ['card_payment_intents', 'stripe', 'manual_capture', 'Ωmega-pay'];

/** A promise and the function that resolves it. */
function signal() {
  let resolve = () => {};
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}
/** A promise that settles (never rejects) when `p` does. */
const settled = (p: Promise<unknown> | undefined) => (p ?? Promise.resolve()).catch(() => undefined);

/** Steps of `payManually` beyond authorize and capture. */
interface Steps {
  /** List the order after these steps too (after the refund, always). */
  readonly lists?: readonly ('authorized' | 'captured')[];
  readonly refund?: boolean;
  /** After a capture with a reference refused with 4xx, capture with a short ASCII one. */
  readonly plainAfterRefusal?: boolean;
  /** Authorize through these gateways first, after a listing of the order. */
  readonly refuse?: readonly string[];
  /** Acts on the transaction under another order once authorized and once captured. */
  readonly foreign?: (txnId: string, state: 'authorized' | 'captured') => Promise<unknown>;
  /** Authorizes the order again, captures that with this reference beside the first's refund, refunds it. */
  readonly second?: string;
  /** Told once the order is authorized; awaited before the capture. */
  readonly authorized?: () => void;
  readonly beforeCapture?: () => Promise<unknown>;
}

/** A reference: any text, the empty one included (its schema gives no least length: "" is a string). */
const REFERENCES = () =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant('') },
    { weight: 4, arbitrary: textsOf(schemaNode('transaction-refund', '/properties/custom_reference')) },
  );

/** Generated orders: one to four items of one currency, prices of every magnitude, a reference or none. */
function shapes(): fc.Arbitrary<OrderShape> {
  return fc
    .record({
      currency: currencies(),
      includes_tax: fc.boolean(),
      amounts: fc.array(amounts(), { minLength: 1, maxLength: 4 }),
      quantity: fc.oneof({ weight: 3, arbitrary: fc.constant(1) }, fc.integer({ min: 2, max: 5 })),
      customer: fc.option(textsOf({ type: 'string' }), { nil: undefined, freq: 3 }),
      reference: fc.option(REFERENCES(), { nil: undefined }),
    })
    .map(({ amounts, quantity, customer, reference, ...price }) => ({
      items: amounts.map((amount) => ({ amount, ...price })),
      quantity,
      ...(customer === undefined ? {} : { customer }),
      ...(reference === undefined ? {} : { reference }),
    }));
}

/** Gateway names other than `manual`, never `manual` in another case or spaced (not shown either way). */
const GATEWAYS = [
  ...OTHER_GATEWAYS,
  'paypal',
  'adyen',
  'purchase',
  'manuals',
  'MANUAL_x',
  'x-card_payment_intents',
];
const gateways = (): fc.Arbitrary<string> =>
  fc
    .oneof(
      fc.constantFrom(...GATEWAYS),
      fc.stringMatching(/^[a-z][a-z0-9_-]{0,30}$/),
      textsOf({ type: 'string' }),
    )
    .filter((g) => g.trim().toLowerCase() !== 'manual');

const showPrice = (p: Price) => `${p.amount} ${p.currency}${p.includes_tax ? '' : ' (tax excluded)'}`;
const showShape = (s: OrderShape) =>
  `${s.items.map(showPrice).join(' + ')}${(s.quantity ?? 1) > 1 ? ` (${s.quantity} of each)` : ''}${s.customer === undefined ? '' : `, customer ${showText(s.customer)}`}, captured ${s.reference === undefined ? 'without a body' : `with ${showText(s.reference)}`}`;

/** Declares the probes of the transactions area; returns what the flows read. */
export function transactionProbes(run: SuiteRun) {
  const { settings, api } = run;
  const tag = settings.runTag;
  const list = (orderId: string) => api.get(transactionsPath(orderId));
  const card = paymentIntentPurchaseBody(settings.paymentToken);

  /** The run's products, one per price; one the target refuses skips the input. */
  const products = new Map<string, Promise<string>>();
  const productOf = (price: Price) => {
    const key = JSON.stringify(price);
    const made =
      products.get(key) ??
      createProduct(run, productBody(tag, price)).then(
        (p) => p.id,
        (error) => {
          if (!(error instanceof Skip)) throw error;
          return skip(
            `no product of ${showPrice(price)}: ${error.message} (a target's choice beyond provisioning.md)`,
          );
        },
      );
    products.set(key, made);
    return made;
  };
  const orderOf = async ({ items, quantity = 1, customer }: OrderShape) =>
    checkOut(
      run,
      (await Promise.all(items.map(productOf))).map((id) => ({ id, quantity })),
      customer,
    );

  /** An action, with its body (the confirm's, a reference) when it has one. */
  const act = (orderId: string, txnId: string, action: Action, reference?: string) => {
    const json =
      reference !== undefined
        ? { data: { custom_reference: reference } }
        : action === 'confirm'
          ? card
          : undefined;
    return api.post(actionPath(orderId, txnId, action), json === undefined ? {} : { json });
  };

  async function payManually(orderId: string, shape: OrderShape, steps: Steps): Promise<ManualChain> {
    const c: ManualChain = { orderId, refused: [] };
    if (steps.refuse) {
      c.before = await list(orderId);
      // All at once: none may add a transaction, as the listing after the authorize shows.
      for (const r of await Promise.all(steps.refuse.map((g) => pay(run, orderId, authorizeBody(g)))))
        c.refused.push(r.paid);
    }
    const authorized = await pay(run, orderId, authorizeBody(), 'manual', { before: c.before });
    Object.assign(c, { authorize: authorized.paid, listed: authorized.listing, txnId: authorized.txnId });
    steps.authorized?.();
    const txnId = c.txnId;
    if (txnId === undefined) return c;
    // The second authorization before the listing, which would otherwise show a transaction not known yet.
    let other: string | undefined;
    if (steps.second !== undefined) {
      const { txnId: id } = await pay(run, orderId, authorizeBody(), 'manual', { before: c.listed });
      if (id !== txnId) other = id;
    }
    // The listing goes beside what follows: the rules read the order's transactions, whatever their state.
    const listed = steps.lists?.includes('authorized') && !c.listed ? list(orderId) : undefined;
    if (steps.foreign) await steps.foreign(txnId, 'authorized');
    await steps.beforeCapture?.();
    c.capture = await act(orderId, txnId, 'capture', shape.reference);
    if (c.capture.statusClass === '4xx' && shape.reference !== undefined && steps.plainAfterRefusal)
      c.capture = await act(orderId, txnId, 'capture', `conformance-${tag}`);
    c.listed = (await listed) ?? c.listed;
    if (!c.capture.ok) return c;
    const captured = steps.lists?.includes('captured') ? list(orderId) : undefined;
    if (steps.foreign) await steps.foreign(txnId, 'captured');
    const capturedAgain = other ? act(orderId, other, 'capture', steps.second) : undefined;
    if (steps.refund) c.refund = await act(orderId, txnId, 'refund');
    await captured;
    const refundAgain =
      other && (await capturedAgain)?.ok && c.refund?.ok ? act(orderId, other, 'refund') : undefined;
    if (steps.refund) await list(orderId);
    await refundAgain;
    return c;
  }

  const [a, b, c] = [
    { amount: 100_000, currency: 'USD', includes_tax: true },
    { amount: 1, currency: 'USD', includes_tax: true },
    { amount: 123_456, currency: 'JPY', includes_tax: false },
  ];
  const [long, mixed] = boundaryTexts(tag);
  const second = once(() => orderOf({ items: [a, b] }));
  // The second order takes another order's transaction while it is authorized (its chain, started if need be,
  // waits for them before its capture; either chain's end lets the other go on).
  const [secondAuthorized, foreignAnswered] = [signal(), signal()];
  /** Another order's transaction under the second order: capture and confirm, then refund once captured. */
  const foreign = async (txnId: string, state: 'authorized' | 'captured') => {
    const other = await second();
    if (state === 'authorized') await Promise.race([secondAuthorized.promise, settled(paid[1]?.chain())]);
    const actions: Action[] = state === 'authorized' ? ['capture', 'confirm'] : ['refund'];
    const answers = await Promise.all(actions.map((action) => act(other, txnId, action)));
    if (state === 'authorized') foreignAnswered.resolve();
    return answers;
  };
  /** A gate order, on an order of its own unless `order` gives one. */
  const gate = (name: string, shape: OrderShape, steps: Steps, order = () => orderOf(shape)): Paid => {
    const defaults: Steps = { lists: ['captured'], refund: true, plainAfterRefusal: true };
    const chain = once(async () => payManually(await order(), shape, { ...defaults, ...steps }));
    return { name: `${name}: ${showShape(shape)}`, refuses: steps.refuse !== undefined, chain };
  };
  const paid: Paid[] = [
    gate(
      'the first order',
      { items: [a], reference: long as string },
      { lists: ['authorized', 'captured'], second: `conformance-${tag}-second` },
    ),
    // Two items make its cart a step longer: it ends at the capture.
    gate(
      'the second order',
      { items: [a, b], reference: mixed as string },
      {
        lists: [],
        refund: false,
        authorized: secondAuthorized.resolve,
        beforeCapture: () => Promise.race([foreignAnswered.promise, settled(actedUnderAnother())]),
      },
      second,
    ),
    gate('the third order', { items: [c], customer: spaced(MIXED_TEXT) }, { lists: [] }),
    // Authorized through other gateways first: two steps longer at the start, it ends at the capture.
    gate(
      'the fourth order',
      { items: [b], reference: spaced(`conformance-${tag}`) },
      { lists: ['authorized'], refuse: OTHER_GATEWAYS, refund: false },
    ),
  ];
  /** A transaction acted on under the second order, on an order of its own: two steps beside its chain. */
  const actedUnderAnother = once(async () =>
    payManually(await orderOf({ items: [a] }), { items: [a] }, { foreign, plainAfterRefusal: true }),
  );

  const intent = once(async () => {
    // Two of the item: a cart line of several (provisioning.md's quantity).
    const orderId = await orderOf({ items: [b], quantity: 2 });
    const { paid, txnId } = await pay(run, orderId, card, 'card_payment_intents');
    if (txnId === undefined) return { purchase: paid };
    // Then a manual authorization: a transaction of each gateway (after the confirm, so that the confirm meets
    // the order purchased only).
    const confirm = await act(orderId, txnId, 'confirm');
    await pay(run, orderId, authorizeBody(), 'manual');
    await list(orderId);
    return { purchase: paid, confirm };
  });

  const configured = once(async () => {
    const orderId = settings.existingIds.orderWithTransactions;
    if (orderId === undefined) skip('read-only mode without CONFORMANCE_ORDER_ID: no order to read');
    return { orderId, listing: await list(orderId) };
  });

  if (settings.readOnly) {
    probe(
      "the configured order's transactions, listed",
      { show: () => 'GET /v2/orders/:orderId/transactions', gate: [0] },
      () => configured(),
    );
    return { readOnly: true, configured, paid, intent };
  }

  probe(
    'orders of several shapes paid through the manual gateway: authorized, captured, refunded, listed',
    {
      show: (input: Paid | OrderShape) => ('chain' in input ? input.name : showShape(input)),
      gate: paid,
      deep: { row: 'transactions/orders', arbitrary: shapes() },
    },
    async (input) => {
      if ('chain' in input) return input.chain();
      return payManually(await orderOf(input), input, { refund: true, plainAfterRefusal: true });
    },
    { writes: true },
  );

  probe(
    'a transaction acted on under the second order, once authorized (capture, confirm) and once captured (refund)',
    {
      show: () => 'the fifth order: authorize, capture, each beside the actions under the second order',
      gate: [0],
    },
    () => actedUnderAnother(),
    { writes: true },
  );

  probe(
    'an order paid through the payment-intent gateway, confirmed, listed',
    { show: () => 'purchase, confirm, list', gate: [0] },
    () => intent(),
    { writes: true },
  );

  if (settings.depth === 'deep') {
    const order = once(() => orderOf({ items: [b] }));
    probe(
      'authorizes through generated gateways other than manual',
      {
        show: (g: string) => `gateway ${showText(g)}`,
        deep: { row: 'transactions/gateways', arbitrary: gateways() },
      },
      async (gateway) => pay(run, await order(), authorizeBody(gateway)),
      { writes: true },
    );
    probe(
      'captures with generated references, each on a new order',
      {
        show: showText,
        // The empty text, and a text that reads as another value: boundaries of every text, sent whatever the
        // share draws.
        deep: {
          row: 'transactions/capture-reference',
          arbitrary: REFERENCES(),
          classes: [fc.constant(''), ...valueLookalikeClasses()],
        },
      },
      async (reference) => {
        const chain = await payManually(await orderOf({ items: [b] }), { items: [b], reference }, {});
        if (chain.capture?.statusClass === '4xx')
          skip(
            `the capture was refused with ${chain.capture.status} (a reference's length and alphabet are not shown)`,
          );
      },
      { writes: true },
    );
  }

  return { readOnly: false, configured, paid, intent };
}

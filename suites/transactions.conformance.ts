/**
 * Transactions (§2.1, §3, §4.1): authorize (manual gateway), list, capture, refund, payment-intent confirm.
 *
 * Each chain runs once on an order of its own and every check asserts on the responses it recorded:
 * - chain "reference": order → authorize → list → capture with a custom_reference → refund → list
 * - chain "bare":      order → authorize → list → capture with no body (the reference is optional, §4.1)
 * - chain "intent":    order → payment-intent purchase → confirm
 * - order "other-gateway": an authorize through a gateway other than manual, with the list before and after
 * In read-only mode only the configured order's transaction list is read.
 */
import { describe } from 'vitest';
import { check } from '../helpers/check/check.ts';
import type { CheckContext } from '../helpers/check/context.ts';
import { MANUAL_AUTHORIZE, paymentIntentPurchaseBody } from '../helpers/fixtures/bodies.ts';
import { createOrder, createProduct } from '../helpers/fixtures/create.ts';
import { once } from '../helpers/fixtures/once.ts';
import { type ApiResponse, isObject } from '../helpers/http/response.ts';
import { suiteRun } from '../helpers/run/suite.ts';

const { info, api, cleanup } = suiteRun();

type Txn = Record<string, unknown>;

const transactionsPath = (orderId: string) => `/v2/orders/${orderId}/transactions`;
const product = once(() => createProduct(api, info.runTag, cleanup));
const newOrder = async () => createOrder(api, info.runTag, (await product()).id);

/** The `data` array of a transaction list, or undefined when the answer is not one. */
function listed(response: ApiResponse): Txn[] | undefined {
  const data = response.data;
  return Array.isArray(data) ? data.filter(isObject) : undefined;
}

interface AuthorizedOrder {
  readonly orderId: string;
  readonly authorize: ApiResponse;
  readonly list: ApiResponse;
  readonly transaction: Txn | undefined;
}

interface CaptureChain extends AuthorizedOrder {
  readonly customReference?: string;
  readonly capture?: ApiResponse;
  readonly refund?: ApiResponse;
  readonly finalList?: ApiResponse;
}

interface IntentChain {
  readonly orderId: string;
  readonly purchase: ApiResponse;
  readonly confirm?: ApiResponse;
}

/** Authorizes a new order through the manual gateway and finds the new manual transaction (§4.1). */
async function authorizedOrder(): Promise<AuthorizedOrder> {
  const orderId = await newOrder();
  const before = listed(await api.get(transactionsPath(orderId))) ?? [];
  const authorize = await api.post(`/v2/orders/${orderId}/payments`, { json: MANUAL_AUTHORIZE });
  const list = await api.get(transactionsPath(orderId));
  const known = new Set(before.map((txn) => txn.id));
  const transaction = listed(list)?.find((txn) => txn.gateway === 'manual' && !known.has(txn.id));
  return { orderId, authorize, list, transaction };
}

/** The authorized transaction's id, or a skip reason for the checks that need it. */
function authorizedId(t: CheckContext, chain: AuthorizedOrder): string {
  t.need(chain.authorize.ok, `the manual authorize did not succeed (${chain.authorize.status})`);
  const id = chain.transaction?.id;
  return t.need(
    typeof id === 'string' && id,
    'no new manual transaction appeared on the order after the authorize',
  );
}

const referenceChain = once(async (): Promise<CaptureChain & { customReference: string }> => {
  const chain = await authorizedOrder();
  const customReference = `conformance-${info.runTag}-${crypto.randomUUID()}`;
  const txnId =
    chain.authorize.ok && typeof chain.transaction?.id === 'string' ? chain.transaction.id : undefined;
  if (!txnId) return { ...chain, customReference };
  const base = `${transactionsPath(chain.orderId)}/${txnId}`;
  const capture = await api.post(`${base}/capture`, {
    json: { data: { custom_reference: customReference } },
  });
  if (!capture.ok) return { ...chain, customReference, capture };
  const refund = await api.post(`${base}/refund`);
  const finalList = await api.get(transactionsPath(chain.orderId));
  return { ...chain, customReference, capture, refund, finalList };
});

const bareChain = once(async (): Promise<CaptureChain> => {
  const chain = await authorizedOrder();
  const txnId =
    chain.authorize.ok && typeof chain.transaction?.id === 'string' ? chain.transaction.id : undefined;
  if (!txnId) return chain;
  return { ...chain, capture: await api.post(`${transactionsPath(chain.orderId)}/${txnId}/capture`) };
});

const intentChain = once(async (): Promise<IntentChain> => {
  const orderId = await newOrder();
  const purchase = await api.post(`/v2/orders/${orderId}/payments`, {
    json: paymentIntentPurchaseBody(info.paymentToken),
  });
  if (!purchase.ok) return { orderId, purchase };
  let txnId = isObject(purchase.data) && typeof purchase.data.id === 'string' ? purchase.data.id : undefined;
  if (!txnId) {
    // The payments answer is not specified (§4.1): find the transaction on the order instead.
    const found = listed(await api.get(transactionsPath(orderId)))?.find(
      (txn) => txn.gateway === 'card_payment_intents',
    );
    txnId = typeof found?.id === 'string' ? found.id : undefined;
  }
  if (!txnId) return { orderId, purchase };
  const confirm = await api.post(`${transactionsPath(orderId)}/${txnId}/confirm`, {
    json: paymentIntentPurchaseBody(info.paymentToken),
  });
  return { orderId, purchase, confirm };
});

/** The confirm answer, or a skip when the target has no payment-intent gateway. */
async function confirmed(t: CheckContext) {
  const chain = await intentChain();
  t.attach(chain.purchase);
  t.need(
    chain.purchase.ok,
    `the target does not offer the card_payment_intents gateway: the purchase answered ${chain.purchase.status}`,
  );
  const confirm = t.need(
    chain.confirm,
    'no card_payment_intents transaction was found on the order after the purchase',
  );
  t.attach(confirm);
  return { ...chain, confirm };
}

/** The transaction list the read-only checks look at: the configured order, or the reference chain's final list. */
const listUnderTest = once(async () => {
  if (info.readOnly) {
    const orderId = info.existingIds.orderWithTransactions;
    return orderId ? { orderId, list: await api.get(transactionsPath(orderId)) } : undefined;
  }
  const chain = await referenceChain();
  return { orderId: chain.orderId, list: chain.finalList ?? chain.list };
});

async function transactionList(t: CheckContext) {
  const subject = t.need(
    await listUnderTest(),
    'read-only mode without CONFORMANCE_ORDER_ID: no order to read',
  );
  t.attach(subject.list);
  t.expectStatus(subject.list, '2xx');
  const items = t.expectArray(subject.list.data, 'data', subject.list);
  return { ...subject, items };
}

/** The `data` object of a single-transaction answer, after checking the status. */
function transactionOf(t: CheckContext, response: ApiResponse): Txn {
  t.attach(response);
  t.expectStatus(response, '2xx');
  return t.expectObject(response.data, 'data', response);
}

/** The capture answer of a chain and its `data`, after checking the authorize it needs and the status. */
async function captured(t: CheckContext, chain: CaptureChain) {
  authorizedId(t, chain);
  const capture = t.need(chain.capture, 'the capture was not sent');
  return { capture, txn: transactionOf(t, capture) };
}

function expectOrderLink(t: CheckContext, txn: Txn, orderId: string, what: string, response: ApiResponse) {
  const order =
    isObject(txn.relationships) && isObject(txn.relationships.order)
      ? txn.relationships.order.data
      : undefined;
  t.expectEqual(
    isObject(order) ? order.id : undefined,
    orderId,
    `${what}.relationships.order.data.id`,
    response,
  );
}

function expectAmountMatches(t: CheckContext, txn: Txn, what: string, response: ApiResponse) {
  if (!isObject(txn.meta)) return; // TXN-AMOUNT applies wherever meta is present
  const price = isObject(txn.meta.display_price) ? txn.meta.display_price.amount : undefined;
  t.expectEqual(txn.amount, price, `${what}.amount (= ${what}.meta.display_price.amount)`, response);
}

describe.concurrent('transactions', () => {
  check(
    'TXN-AUTHORIZE',
    'a manual authorize succeeds and leaves a manual transaction that can then be captured',
    async (t) => {
      const chain = await referenceChain();
      t.attach(chain.authorize);
      t.expectStatus(chain.authorize, '2xx');
      t.attach(chain.list);
      t.assert(
        chain.transaction !== undefined,
        'a new transaction with gateway "manual" on the order after the authorize',
        () => `the order's transactions: ${chain.list.text.slice(0, 400)}`,
        chain.list,
      );
      const capture = t.need(chain.capture, 'the capture was not sent');
      t.attach(capture);
      t.expectStatus(capture, '2xx');
    },
    { writes: true },
  );

  check(
    'TXN-LIST',
    "GET /v2/orders/:orderId/transactions answers { data: [...] } with the order's transactions",
    async (t) => {
      const { list, items } = await transactionList(t);
      t.expectSchema(list.json, 'transaction-list', 'the body', list);
      const ids = () => JSON.stringify(items.map((txn) => (isObject(txn) ? txn.id : txn)));
      if (info.readOnly) {
        // CONFORMANCE_ORDER_ID names an order with transactions.
        t.assert(items.length > 0, 'the transactions of the configured order', '[]', list);
        return;
      }
      const chain = await referenceChain();
      if (!chain.authorize.ok) return; // no payment succeeded: an empty list is the order's transactions
      t.attach(chain.authorize);
      // The authorize answer is not specified (§4.1); when it names the new transaction, the list must hold it.
      const authorized = isObject(chain.authorize.data) ? chain.authorize.data.id : undefined;
      if (typeof authorized === 'string') {
        t.assert(
          items.some((txn) => isObject(txn) && txn.id === authorized),
          `the authorized transaction ${authorized} (named by the authorize answer) in data`,
          ids,
          list,
        );
      } else {
        t.assert(
          items.length > 0,
          'at least one transaction on an order whose authorize succeeded',
          ids,
          list,
        );
      }
    },
  );

  check('TXN-SCHEMA', 'every transaction of an order list matches the Transaction schema', async (t) => {
    const { list, items } = await transactionList(t);
    items.forEach((txn, i) => {
      const refund = isObject(txn) && txn.transaction_type === 'refund';
      t.expectSchema(txn, refund ? 'transaction-refund' : 'transaction', `data[${i}]`, list);
    });
  });

  check(
    'TXN-SCHEMA',
    'the capture answer is a Transaction',
    async (t) => {
      const capture = t.need((await referenceChain()).capture, 'no transaction to capture');
      t.expectSchema(transactionOf(t, capture), 'transaction', 'data', capture);
    },
    { writes: true },
  );

  check(
    'TXN-SCHEMA',
    'the refund answer is a Transaction (without meta)',
    async (t) => {
      const refund = t.need((await referenceChain()).refund, 'no captured transaction to refund');
      t.expectSchema(transactionOf(t, refund), 'transaction-refund', 'data', refund);
    },
    { writes: true },
  );

  check(
    'TXN-SCHEMA',
    'the confirm answer is a Transaction',
    async (t) => {
      const { confirm } = await confirmed(t);
      t.expectSchema(transactionOf(t, confirm), 'transaction', 'data', confirm);
    },
    { writes: true },
  );

  check('TXN-AMOUNT', 'amount equals meta.display_price.amount on every listed transaction', async (t) => {
    const { list, items } = await transactionList(t);
    let compared = 0;
    items.forEach((txn, i) => {
      if (isObject(txn) && isObject(txn.meta)) {
        compared += 1;
        expectAmountMatches(t, txn, `data[${i}]`, list);
      }
    });
    t.need(compared > 0, 'no listed transaction has meta to compare with');
  });

  check(
    'TXN-AMOUNT',
    'amount equals meta.display_price.amount on the capture and confirm answers',
    async (t) => {
      const capture = t.need((await referenceChain()).capture, 'no transaction to capture');
      const txn = transactionOf(t, capture);
      t.assert(
        isObject(txn.meta),
        'data.meta on the capture answer (only a refund omits it, §2.1)',
        'no meta',
        capture,
      );
      expectAmountMatches(t, txn, 'data', capture);
      const intent = await intentChain();
      if (intent.confirm?.ok)
        expectAmountMatches(t, transactionOf(t, intent.confirm), 'data', intent.confirm);
    },
    { writes: true },
  );

  check('TXN-ORDER', 'every listed transaction links to the order in the path', async (t) => {
    const { list, items, orderId } = await transactionList(t);
    items.forEach((txn, i) => {
      expectOrderLink(t, t.expectObject(txn, `data[${i}]`, list), orderId, `data[${i}]`, list);
    });
  });

  check(
    'TXN-ORDER',
    'the capture, refund and confirm answers link to the order in the path',
    async (t) => {
      const chain = await referenceChain();
      const capture = t.need(chain.capture, 'no transaction to capture');
      expectOrderLink(t, transactionOf(t, capture), chain.orderId, 'data', capture);
      if (chain.refund)
        expectOrderLink(t, transactionOf(t, chain.refund), chain.orderId, 'data', chain.refund);
      const intent = await intentChain();
      if (intent.confirm?.ok)
        expectOrderLink(t, transactionOf(t, intent.confirm), intent.orderId, 'data', intent.confirm);
    },
    { writes: true },
  );

  check('TXN-MANUAL-REF', 'listed transactions of the manual gateway have reference "manual"', async (t) => {
    const { list, items } = await transactionList(t);
    const manual = items.filter((txn) => isObject(txn) && txn.gateway === 'manual') as Txn[];
    t.need(manual.length > 0, 'the order has no manual-gateway transaction');
    for (const txn of manual)
      t.expectEqual(txn.reference, 'manual', `data[id=${String(txn.id)}].reference`, list);
  });

  check(
    'TXN-MANUAL-REF',
    'the capture answer of a manual transaction has reference "manual"',
    async (t) => {
      const capture = t.need((await referenceChain()).capture, 'no transaction to capture');
      const txn = transactionOf(t, capture);
      t.need(
        txn.gateway === 'manual' || txn.gateway === undefined,
        'the capture answer names another gateway',
      );
      t.expectEqual(txn.reference, 'manual', 'data.reference', capture);
    },
    { writes: true },
  );

  check(
    'TXN-AUTHORIZE-MANUAL-ONLY',
    'an authorize through the card_payment_intents gateway answers 4xx and adds no transaction',
    async (t) => {
      const orderId = await newOrder();
      const before = await t.api.get(transactionsPath(orderId));
      const beforeIds = t.need(
        listed(before),
        `the order's transactions could not be listed (${before.status})`,
      );
      const attempt = await t.api.post(`/v2/orders/${orderId}/payments`, {
        json: { data: { gateway: 'card_payment_intents', method: 'authorize' } },
      });
      t.expectStatus(attempt, '4xx');
      const after = await t.api.get(transactionsPath(orderId));
      const afterIds = t.need(
        listed(after),
        `the order's transactions could not be listed (${after.status})`,
      );
      t.expectEqual(
        afterIds.map((txn) => txn.id),
        beforeIds.map((txn) => txn.id),
        "the order's transaction ids after the refused authorize",
        after,
      );
    },
    { writes: true },
  );

  for (const [how, chain] of [
    ['with a custom_reference', referenceChain],
    ['with no body', bareChain],
  ] as const) {
    check(
      'TXN-CAPTURE',
      `capturing ${how} answers transaction_type "capture" and status "complete"`,
      async (t) => {
        const { capture, txn } = await captured(t, await chain());
        t.expectEqual(txn.transaction_type, 'capture', 'data.transaction_type', capture);
        t.expectEqual(txn.status, 'complete', 'data.status', capture);
      },
      { writes: true },
    );
  }

  check(
    'TXN-CAPTURE-REF',
    'a capture sent with a custom_reference answers the same custom_reference',
    async (t) => {
      const chain = await referenceChain();
      const { capture, txn } = await captured(t, chain);
      t.expectEqual(txn.custom_reference, chain.customReference, 'data.custom_reference', capture);
    },
    { writes: true },
  );

  check(
    'TXN-REFUND',
    'refunding a captured transaction answers transaction_type "refund" and status "complete"',
    async (t) => {
      const chain = await referenceChain();
      const refund = t.need(
        chain.refund,
        `no captured transaction to refund (capture answered ${chain.capture?.status ?? 'nothing'})`,
      );
      const txn = transactionOf(t, refund);
      t.expectEqual(txn.transaction_type, 'refund', 'data.transaction_type', refund);
      t.expectEqual(txn.status, 'complete', 'data.status', refund);
    },
    { writes: true },
  );

  check(
    'TXN-REFUND-NO-META',
    'the refund answer has no meta',
    async (t) => {
      const chain = await referenceChain();
      const refund = t.need(
        chain.refund,
        `no captured transaction to refund (capture answered ${chain.capture?.status ?? 'nothing'})`,
      );
      const txn = transactionOf(t, refund);
      t.assert(
        !('meta' in txn),
        'no data.meta (§2.1: the refund response omits meta)',
        () => JSON.stringify(txn.meta),
        refund,
      );
    },
    { writes: true },
  );

  check(
    'TXN-CONFIRM',
    'confirm answers a card_payment_intents Transaction with a payment_intent and the intent reference',
    async (t) => {
      const { confirm } = await confirmed(t);
      const txn = transactionOf(t, confirm);
      t.expectEqual(txn.gateway, 'card_payment_intents', 'data.gateway', confirm);
      const intent = t.expectObject(txn.payment_intent, 'data.payment_intent', confirm);
      t.assert(
        typeof intent.client_secret === 'string',
        'data.payment_intent.client_secret a string',
        JSON.stringify(intent.client_secret),
        confirm,
      );
      t.assert(
        typeof intent.status === 'string',
        'data.payment_intent.status a string',
        JSON.stringify(intent.status),
        confirm,
      );
      t.assert(
        typeof txn.reference === 'string' && txn.reference !== '' && txn.reference !== 'manual',
        'data.reference the payment-intent identifier (a string, not "manual")',
        JSON.stringify(txn.reference),
        confirm,
      );
    },
    { writes: true },
  );

  for (const action of ['capture', 'refund', 'confirm'] as const) {
    check(
      'TXN-UNKNOWN',
      `${action} of a transaction id that does not exist on the order answers 4xx`,
      async (t) => {
        const { orderId } = await referenceChain();
        const body = action === 'confirm' ? { json: paymentIntentPurchaseBody(info.paymentToken) } : {};
        t.expectStatus(
          await t.api.post(`${transactionsPath(orderId)}/${crypto.randomUUID()}/${action}`, body),
          '4xx',
        );
      },
      { writes: true },
    );
  }

  check('ENV-LIST', 'the transaction list is { data: [ ... ] }', async (t) => {
    const { list } = await transactionList(t);
    t.expectSchema(list.json, 'list-envelope', 'the body', list);
  });

  check(
    'ENV-SINGLE',
    'the capture answer is { data: <object> }',
    async (t) => {
      const capture = t.need((await referenceChain()).capture, 'no transaction to capture');
      t.attach(capture);
      t.expectStatus(capture, '2xx');
      t.expectSchema(capture.json, 'single-envelope', 'the body', capture);
    },
    { writes: true },
  );

  check('ENV-TYPE', 'every listed transaction has type "transaction"', async (t) => {
    const { list, items } = await transactionList(t);
    items.forEach((txn, i) => {
      t.expectEqual(isObject(txn) ? txn.type : undefined, 'transaction', `data[${i}].type`, list);
    });
  });
});

/**
 * The shared requests of the transactions area (§4.1), each sent once per run:
 * - chain "reference": order → authorize → list → capture with a custom_reference → refund → list
 * - chain "bare":      order → authorize → list → capture with no body (the reference is optional, §4.1)
 * - chain "intent":    order → payment-intent purchase → confirm
 * In read-only mode only the configured order's transaction list is read.
 *
 * Every transaction the chains act on is identified by id (the id in the payment answer, or the id that
 * appeared on the order after the payment), never by its place in a listing, which may wrongly hold other
 * orders' transactions (rule TXN-LIST).
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import { MANUAL_AUTHORIZE, paymentIntentPurchaseBody } from '../../helpers/fixtures/bodies.ts';
import { createOrder, createProduct } from '../../helpers/fixtures/create.ts';
import { once } from '../../helpers/fixtures/once.ts';
import {
  listedTransactions,
  newTransactionId,
  paymentsPath,
  transactionsPath,
} from '../../helpers/fixtures/transactions.ts';
import { type ApiResponse, isObject } from '../../helpers/http/response.ts';
import type { suiteRun } from '../../helpers/run/suite.ts';

/** What the entry module's `suiteRun()` gave. */
export type SuiteRun = ReturnType<typeof suiteRun>;

export interface AuthorizedOrder {
  readonly orderId: string;
  readonly authorize: ApiResponse;
  /** The order's transactions right after the authorize. */
  readonly list: ApiResponse;
  /** The id of the transaction the authorize made, when the answer or the list shows it. */
  readonly transactionId: string | undefined;
}

export interface CaptureChain extends AuthorizedOrder {
  readonly customReference?: string;
  readonly capture?: ApiResponse;
  readonly refund?: ApiResponse;
  readonly finalList?: ApiResponse;
}

export interface IntentChain {
  readonly orderId: string;
  readonly purchase: ApiResponse;
  readonly confirm?: ApiResponse;
}

/** The list the read-only-capable checks look at, with the ids of the order's transactions the run made. */
export interface ListSubject {
  readonly orderId: string;
  readonly list: ApiResponse;
  /** Empty in read-only mode. */
  readonly ownIds: ReadonlySet<string>;
}

/** The ids of the transactions a chain made or was answered with on its order. */
export function ownIdsOf(chain: CaptureChain): Set<string> {
  const ids = new Set<string>();
  if (chain.transactionId) ids.add(chain.transactionId);
  for (const answer of [chain.capture, chain.refund]) {
    if (answer?.ok && isObject(answer.data) && typeof answer.data.id === 'string') ids.add(answer.data.id);
  }
  return ids;
}

/** The shared chains of one run (the entry module makes them once). */
export function transactionChains({ info, api, cleanup }: SuiteRun) {
  const product = once(() => createProduct(api, info.runTag, cleanup));
  const newOrder = async () => createOrder(api, info.runTag, (await product()).id);

  /** Authorizes a new order through the manual gateway and identifies the new transaction (§4.1). */
  async function authorizedOrder(): Promise<AuthorizedOrder> {
    const orderId = await newOrder();
    const before = listedTransactions(await api.get(transactionsPath(orderId))) ?? [];
    const authorize = await api.post(paymentsPath(orderId), { json: MANUAL_AUTHORIZE });
    const list = await api.get(transactionsPath(orderId));
    const transactionId = authorize.ok
      ? newTransactionId({
          orderId,
          gateway: 'manual',
          paid: authorize,
          before,
          after: listedTransactions(list) ?? [],
        })
      : undefined;
    return { orderId, authorize, list, transactionId };
  }

  const referenceChain = once(async (): Promise<CaptureChain & { customReference: string }> => {
    const chain = await authorizedOrder();
    const customReference = `conformance-${info.runTag}-${crypto.randomUUID()}`;
    if (!chain.transactionId) return { ...chain, customReference };
    const base = `${transactionsPath(chain.orderId)}/${chain.transactionId}`;
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
    if (!chain.transactionId) return chain;
    const capture = await api.post(`${transactionsPath(chain.orderId)}/${chain.transactionId}/capture`);
    return { ...chain, capture };
  });

  const intentChain = once(async (): Promise<IntentChain> => {
    const orderId = await newOrder();
    const purchase = await api.post(paymentsPath(orderId), {
      json: paymentIntentPurchaseBody(info.paymentToken),
    });
    if (!purchase.ok) return { orderId, purchase };
    const query = { orderId, gateway: 'card_payment_intents', paid: purchase };
    // The payments answer is not shown (§4.1): when it names no transaction, find it on the order.
    const txnId =
      newTransactionId(query) ??
      newTransactionId({ ...query, after: listedTransactions(await api.get(transactionsPath(orderId))) });
    if (!txnId) return { orderId, purchase };
    const confirm = await api.post(`${transactionsPath(orderId)}/${txnId}/confirm`, {
      json: paymentIntentPurchaseBody(info.paymentToken),
    });
    return { orderId, purchase, confirm };
  });

  /** The transaction list the listing checks look at: the configured order, or the reference chain's final list. */
  const listUnderTest = once(async (): Promise<ListSubject | undefined> => {
    if (info.readOnly) {
      const orderId = info.existingIds.orderWithTransactions;
      return orderId
        ? { orderId, list: await api.get(transactionsPath(orderId)), ownIds: new Set() }
        : undefined;
    }
    const chain = await referenceChain();
    return { orderId: chain.orderId, list: chain.finalList ?? chain.list, ownIds: ownIdsOf(chain) };
  });

  /** The listing under test, attached to the check; skips when there is none. */
  async function listSubject(t: CheckContext): Promise<ListSubject> {
    const subject = t.need(
      await listUnderTest(),
      'read-only mode without CONFORMANCE_ORDER_ID: no order to read',
    );
    t.attach(subject.list);
    return subject;
  }

  /**
   * The listed transactions, for the rules judged on each of them: a list that is not a 2xx answer with a
   * `data` array, or that holds no transaction, is TXN-LIST's or ENV-LIST's failure, so here it only skips.
   */
  async function listedItems(t: CheckContext) {
    const subject = await listSubject(t);
    const { list } = subject;
    t.need(list.ok, `the transaction list answered ${list.status}: nothing to look at (see TXN-LIST)`);
    const items = t.need(
      Array.isArray(list.data) ? (list.data as unknown[]) : undefined,
      'the transaction list has no data array: nothing to look at (see ENV-LIST)',
    );
    t.need(items.length > 0, 'the transaction list is empty: nothing to look at (see TXN-LIST)');
    return { ...subject, items };
  }

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

  return {
    info,
    product,
    api,
    newOrder,
    authorizedOrder,
    referenceChain,
    bareChain,
    intentChain,
    listSubject,
    listedItems,
    confirmed,
  };
}

export type TransactionChains = ReturnType<typeof transactionChains>;

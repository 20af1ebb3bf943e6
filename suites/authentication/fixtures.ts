/**
 * The records the authentication checks aim at (§5), and how they prove that a refused request changed
 * nothing: each write check gets records of its own, made by the run and identified by id, and compares the
 * state of the order's own transactions before and after (a listing that also holds other orders'
 * transactions, TXN-LIST's failure, does not disturb the comparison).
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import { PrerequisiteError } from '../../helpers/check/failure.ts';
import { MANUAL_AUTHORIZE, paymentIntentPurchaseBody } from '../../helpers/fixtures/bodies.ts';
import {
  createCategory,
  createIntegration,
  createOrder,
  createProduct,
  requireSuccess,
} from '../../helpers/fixtures/create.ts';
import { once } from '../../helpers/fixtures/once.ts';
import {
  listedTransactions,
  newTransactionId,
  paymentsPath,
  transactionState,
  transactionsPath,
} from '../../helpers/fixtures/transactions.ts';
import type { AuthMode } from '../../helpers/http/client.ts';
import { type ApiResponse, isObject } from '../../helpers/http/response.ts';
import type { suiteRun } from '../../helpers/run/suite.ts';

/** What the entry module's `suiteRun()` gave. */
export type SuiteRun = ReturnType<typeof suiteRun>;

/** One way of being unauthenticated, with its rule. */
export interface AuthModeCase {
  readonly rule: 'AUTH-REQUIRED' | 'AUTH-INVALID';
  readonly label: string;
  readonly auth: AuthMode;
}

/** The two ways of being unauthenticated, one rule each. */
export const MODES: readonly AuthModeCase[] = [
  { rule: 'AUTH-REQUIRED', label: 'without Authorization', auth: 'none' },
  {
    rule: 'AUTH-INVALID',
    label: 'with an invalid bearer token',
    auth: { authorization: `Bearer conformance-invalid-${crypto.randomUUID()}` },
  },
];

/** The state of an order's transactions at one moment, and the answer it was read from. */
export interface Snapshot {
  readonly response: ApiResponse;
  readonly state: string[];
}

/** The refused answer: 4xx and no `data` (the body, when it is JSON at all, has no `data` member). */
export function expectRefused(t: CheckContext, response: ApiResponse): void {
  t.attach(response);
  t.expectStatus(response, '4xx');
  const body = response.json;
  t.assert(
    !(isObject(body) && 'data' in body),
    'no data in the answer',
    () => `data: ${JSON.stringify((body as Record<string, unknown>).data).slice(0, 300)}`,
    response,
  );
}

/** Equal states before and after prove that the refused write changed nothing. */
export function expectUnchanged(t: CheckContext, before: Snapshot, after: Snapshot): void {
  t.attach(after.response);
  t.expectEqual(
    after.state,
    before.state,
    "the order's own transactions (id, transaction_type, status) afterwards",
    after.response,
  );
}

/** The records of one run of the authentication checks. */
export function authFixtures({ info, api, cleanup }: SuiteRun) {
  const product = once(() => createProduct(api, info.runTag, cleanup));
  const newOrder = async () => createOrder(api, info.runTag, (await product()).id);

  /** The state of the order's transactions (its own: made by the run, or naming no other order). */
  async function snapshot(orderId: string, ownIds: readonly string[] = []): Promise<Snapshot> {
    const response = await api.get(transactionsPath(orderId));
    requireSuccess(response, "list the order's transactions");
    return {
      response,
      state: transactionState(listedTransactions(response) ?? [], orderId, new Set(ownIds)),
    };
  }

  /** The id of the transaction a payment made on a new order: named by the answer, or new on the order. */
  async function paidTransaction(orderId: string, gateway: string, paid: ApiResponse): Promise<string> {
    requireSuccess(paid, `pay the order through the ${gateway} gateway`);
    const query = { orderId, gateway, paid };
    const id =
      newTransactionId(query) ??
      newTransactionId({ ...query, after: listedTransactions(await api.get(transactionsPath(orderId))) });
    if (id === undefined) throw new PrerequisiteError(`no ${gateway} transaction appeared on the order`);
    return id;
  }

  /** A new order with an authorized manual transaction (the target of the capture and refund checks). */
  async function authorizedOrder(): Promise<{ orderId: string; txnId: string }> {
    const orderId = await newOrder();
    const paid = await api.post(paymentsPath(orderId), { json: MANUAL_AUTHORIZE });
    return { orderId, txnId: await paidTransaction(orderId, 'manual', paid) };
  }

  /** A new order with a pending payment-intent purchase (the target of the confirm checks). */
  async function purchasedOrder(t: CheckContext): Promise<{ orderId: string; txnId: string }> {
    const orderId = await newOrder();
    const purchase = await api.post(paymentsPath(orderId), {
      json: paymentIntentPurchaseBody(info.paymentToken),
    });
    t.need(
      purchase.ok,
      `the target does not offer the card_payment_intents gateway (purchase answered ${purchase.status})`,
    );
    return { orderId, txnId: await paidTransaction(orderId, 'card_payment_intents', purchase) };
  }

  /** Ids of records to read, made by the run or configured for read-only mode. */
  const readTargets = once(async () => {
    if (info.readOnly) {
      return {
        orderId: info.existingIds.orderWithTransactions,
        integrationId: info.existingIds.integration,
        categoryId: info.existingIds.categoryWithProducts ?? info.existingIds.categoryWithoutProducts,
      };
    }
    const [orderId, integration, category] = await Promise.all([
      newOrder(),
      createIntegration(api, info.runTag, cleanup),
      createCategory(api, info.runTag, cleanup),
    ]);
    return { orderId, integrationId: integration.id, categoryId: category.id };
  });

  const newIntegration = () => createIntegration(api, info.runTag, cleanup);

  return { api, info, newOrder, snapshot, authorizedOrder, purchasedOrder, readTargets, newIntegration };
}

export type AuthFixtures = ReturnType<typeof authFixtures>;

/**
 * Authentication (§5): every endpoint of §4 requires `Authorization: Bearer <token>`.
 *
 * For each endpoint two checks: no Authorization header (AUTH-REQUIRED) and an invalid bearer token
 * (AUTH-INVALID). Each answers 4xx, carries no `data`, and changes nothing. Write endpoints are aimed at
 * records this run made for that one check (so that a target that wrongly acts on one request cannot disturb
 * another check), and the record is read back afterwards to prove nothing changed.
 */
import { describe } from 'vitest';
import { check } from '../helpers/check/check.ts';
import type { CheckContext } from '../helpers/check/context.ts';
import { PrerequisiteError } from '../helpers/check/failure.ts';
import { MANUAL_AUTHORIZE, paymentIntentPurchaseBody } from '../helpers/fixtures/bodies.ts';
import {
  createCategory,
  createIntegration,
  createOrder,
  createProduct,
  requireSuccess,
} from '../helpers/fixtures/create.ts';
import { once } from '../helpers/fixtures/once.ts';
import type { AuthMode } from '../helpers/http/client.ts';
import { type ApiResponse, isObject } from '../helpers/http/response.ts';
import { suiteRun } from '../helpers/run/suite.ts';

const { info, api, cleanup } = suiteRun();

type Txn = Record<string, unknown>;
const transactionsPath = (orderId: string) => `/v2/orders/${orderId}/transactions`;
const product = once(() => createProduct(api, info.runTag, cleanup));
const newOrder = async () => createOrder(api, info.runTag, (await product()).id);

/** The two ways of being unauthenticated, one rule each. */
const MODES = [
  { rule: 'AUTH-REQUIRED', label: 'without Authorization', auth: 'none' as AuthMode },
  {
    rule: 'AUTH-INVALID',
    label: 'with an invalid bearer token',
    auth: { authorization: `Bearer conformance-invalid-${crypto.randomUUID()}` } as AuthMode,
  },
] as const;

/** The transactions of an order (id, type, status), for before / after comparisons. */
async function snapshot(orderId: string): Promise<{ response: ApiResponse; state: string[] }> {
  const response = await api.get(transactionsPath(orderId));
  requireSuccess(response, "list the order's transactions");
  const data = Array.isArray(response.data) ? response.data.filter(isObject) : [];
  const state = data.map(
    (txn: Txn) => `${String(txn.id)} ${String(txn.transaction_type)} ${String(txn.status)}`,
  );
  return { response, state: state.sort() };
}

/** The new transaction of the gateway on the order, found through the list. */
async function findTransaction(orderId: string, gateway: string, paid: ApiResponse): Promise<string> {
  requireSuccess(paid, `pay the order through the ${gateway} gateway`);
  if (isObject(paid.data) && typeof paid.data.id === 'string' && paid.data.gateway === gateway)
    return paid.data.id;
  const list = await api.get(transactionsPath(orderId));
  const found = (Array.isArray(list.data) ? list.data : []).find(
    (txn) => isObject(txn) && txn.gateway === gateway,
  );
  if (!isObject(found) || typeof found.id !== 'string') {
    throw new PrerequisiteError(`no ${gateway} transaction appeared on the order`);
  }
  return found.id;
}

/** A new order with an authorized manual transaction (the target of the capture and refund checks). */
async function authorizedOrder(): Promise<{ orderId: string; txnId: string }> {
  const orderId = await newOrder();
  const paid = await api.post(`/v2/orders/${orderId}/payments`, { json: MANUAL_AUTHORIZE });
  return { orderId, txnId: await findTransaction(orderId, 'manual', paid) };
}

/** The refused answer: 4xx and no `data` (the body, when it is JSON at all, has no `data` member). */
function expectRefused(t: CheckContext, response: ApiResponse): void {
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

/** Before / after state of the record a write check aims at; equal states prove that nothing changed. */
function expectUnchanged(
  t: CheckContext,
  before: string[],
  after: { response: ApiResponse; state: string[] },
) {
  t.attach(after.response);
  t.expectEqual(
    after.state,
    before,
    "the order's transactions (id, transaction_type, status) afterwards",
    after.response,
  );
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

describe.concurrent('authentication', () => {
  for (const mode of MODES) {
    // Reads: nothing to change, so 4xx and no data is the whole rule.
    check(mode.rule, `GET /v2/categories ${mode.label} answers 4xx without data`, async (t) => {
      expectRefused(t, await t.api.get('/v2/categories', { auth: mode.auth }));
    });

    check(mode.rule, `GET /v2/products ${mode.label} answers 4xx without data`, async (t) => {
      expectRefused(t, await t.api.get('/v2/products', { auth: mode.auth }));
    });

    check(mode.rule, `GET /v2/categories/:id ${mode.label} answers 4xx without data`, async (t) => {
      const { categoryId } = await readTargets();
      const id = t.need(categoryId, 'read-only mode without CONFORMANCE_CATEGORY_ID: no category to read');
      expectRefused(t, await t.api.get(`/v2/categories/${id}?include=products`, { auth: mode.auth }));
    });

    check(
      mode.rule,
      `GET /v2/orders/:orderId/transactions ${mode.label} answers 4xx without data`,
      async (t) => {
        const { orderId } = await readTargets();
        const id = t.need(orderId, 'read-only mode without CONFORMANCE_ORDER_ID: no order to read');
        expectRefused(t, await t.api.get(transactionsPath(id), { auth: mode.auth }));
      },
    );

    check(mode.rule, `GET /v2/integrations/:id ${mode.label} answers 4xx without data`, async (t) => {
      const { integrationId } = await readTargets();
      const id = t.need(
        integrationId,
        'read-only mode without CONFORMANCE_INTEGRATION_ID: no integration to read',
      );
      expectRefused(t, await t.api.get(`/v2/integrations/${id}`, { auth: mode.auth }));
    });

    // Writes: each on a record of its own, read back afterwards.
    check(
      mode.rule,
      `POST /v2/orders/:orderId/payments ${mode.label} answers 4xx and adds no transaction`,
      async (t) => {
        const orderId = await newOrder();
        const before = await snapshot(orderId);
        expectRefused(
          t,
          await t.api.post(`/v2/orders/${orderId}/payments`, { auth: mode.auth, json: MANUAL_AUTHORIZE }),
        );
        expectUnchanged(t, before.state, await snapshot(orderId));
      },
      { writes: true },
    );

    check(
      mode.rule,
      `POST .../transactions/:id/capture ${mode.label} answers 4xx and captures nothing`,
      async (t) => {
        const { orderId, txnId } = await authorizedOrder();
        const before = await snapshot(orderId);
        expectRefused(
          t,
          await t.api.post(`${transactionsPath(orderId)}/${txnId}/capture`, { auth: mode.auth }),
        );
        expectUnchanged(t, before.state, await snapshot(orderId));
      },
      { writes: true },
    );

    check(
      mode.rule,
      `POST .../transactions/:id/refund ${mode.label} answers 4xx and refunds nothing`,
      async (t) => {
        const { orderId, txnId } = await authorizedOrder();
        requireSuccess(
          await api.post(`${transactionsPath(orderId)}/${txnId}/capture`),
          'capture the transaction',
        );
        const before = await snapshot(orderId);
        expectRefused(
          t,
          await t.api.post(`${transactionsPath(orderId)}/${txnId}/refund`, { auth: mode.auth }),
        );
        expectUnchanged(t, before.state, await snapshot(orderId));
      },
      { writes: true },
    );

    check(
      mode.rule,
      `POST .../transactions/:id/confirm ${mode.label} answers 4xx and confirms nothing`,
      async (t) => {
        const orderId = await newOrder();
        const purchase = await api.post(`/v2/orders/${orderId}/payments`, {
          json: paymentIntentPurchaseBody(info.paymentToken),
        });
        t.need(
          purchase.ok,
          `the target does not offer the card_payment_intents gateway (purchase answered ${purchase.status})`,
        );
        const txnId = await findTransaction(orderId, 'card_payment_intents', purchase);
        const before = await snapshot(orderId);
        expectRefused(
          t,
          await t.api.post(`${transactionsPath(orderId)}/${txnId}/confirm`, {
            auth: mode.auth,
            json: paymentIntentPurchaseBody(info.paymentToken),
          }),
        );
        expectUnchanged(t, before.state, await snapshot(orderId));
      },
      { writes: true },
    );

    check(
      mode.rule,
      `DELETE /v2/integrations/:id ${mode.label} answers 4xx and deletes nothing`,
      async (t) => {
        const integration = await createIntegration(api, info.runTag, cleanup);
        expectRefused(t, await t.api.delete(`/v2/integrations/${integration.id}`, { auth: mode.auth }));
        const after = await t.api.get(`/v2/integrations/${integration.id}`);
        t.assert(after.ok, 'the integration still readable afterwards (2xx)', `${after.status}`, after);
      },
      { writes: true },
    );
  }

  check('AUTH-STATUS', 'the status and error body for a missing and for an invalid token', async (t) => {
    for (const mode of MODES) {
      const response = await t.api.get('/v2/categories?page[limit]=1', { auth: mode.auth });
      t.observe(`${mode.rule === 'AUTH-REQUIRED' ? 'missing' : 'invalid'} token`, {
        status: response.status,
        contentType: response.headers['content-type'] ?? null,
        body: response.json ?? response.text.slice(0, 500),
      });
    }
  });
});

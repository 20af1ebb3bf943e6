import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../scripts/openapi-document.ts';
import { createExchangeChecker, type RecordedExchange } from '../scripts/openapi-responses.ts';
import { runSdkSession, type SdkAnswer, type SdkSession } from '../test-support/reference/sdk-session.ts';
import { type ReferenceServer, startReferenceServer } from './server.ts';

/**
 * The reference server proven with the service family's own JavaScript SDK, `@moltin/sdk`: every call of the
 * session (`test-support/reference/sdk-session.ts`) goes through the SDK's methods (its URLs, headers, bodies, token
 * handling), against the reference server on a loopback port. Each exchange is also checked against the
 * OpenAPI document.
 */
describe('@moltin/sdk against the reference server', () => {
  let server: ReferenceServer;
  let session: SdkSession;
  const exchanges: RecordedExchange[] = [];

  beforeAll(async () => {
    server = await startReferenceServer({ token: 'sdk-token' });
    // Records each exchange for the OpenAPI check; the SDK's own fetch does the rest.
    session = await runSdkSession(server.url, async (input, init) => {
      const response = await fetch(input, init);
      const body = await response.clone().text();
      const { pathname, search } = new URL(String(input));
      exchanges.push({
        method: init?.method ?? 'GET',
        path: `${pathname}${search}`,
        status: response.status,
        ...(response.headers.get('content-type')
          ? { contentType: response.headers.get('content-type') ?? '' }
          : {}),
        body,
      });
      return response;
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('goes through the catalogue, an order and its payment, and an integration', () => {
    const a = session.answers;
    expect(session.errors).toEqual([]);
    // Client credentials: POST /oauth/access_token, form-encoded; the SDK keeps the token and sends it.
    expect(a.token).toMatchObject({ access_token: 'sdk-token', token_type: 'Bearer', expires_in: 3600 });
    const products: SdkAnswer[] = a.products;
    products.forEach((p, i) => {
      expect(p).toMatchObject({ type: 'product', name: `SDK product ${i + 1}`, 'tax-code': null });
    });
    const [first, second] = products;

    // GET /v2/categories/:id?include=products.
    const linked = a.withProducts.data.relationships.products.data.map((p: SdkAnswer) => p.id).sort();
    expect(linked).toEqual([first.id, second.id].sort());
    expect(a.withProducts.included.products.map((p: SdkAnswer) => p.id).sort()).toEqual(linked);
    expect(a.without).not.toHaveProperty('included');

    // GET /v2/products?page[limit]=2 then &page[offset]=2.
    expect(a.page1.data).toHaveLength(2);
    expect(a.page1.meta).toMatchObject({
      page: { limit: 2, offset: 0, current: 1, total: 2 },
      results: { total: 3 },
    });
    expect(a.page2.data).toHaveLength(1);
    expect(a.page2.links.next).toBeNull();
    expect([...a.page1.data, ...a.page2.data].map((p: SdkAnswer) => p.id).sort()).toEqual(
      products.map((p) => p.id).sort(),
    );

    // The order; authorize (manual gateway), list, capture, refund: §4.1.
    expect(a.order.data).toMatchObject({ type: 'order' });
    const orderId: string = a.order.data.id;
    expect(a.listed.data).toHaveLength(1);
    const authorized = a.listed.data[0];
    expect(authorized).toMatchObject({
      type: 'transaction',
      gateway: 'manual',
      reference: 'manual',
      amount: 2000,
    });
    expect(authorized.relationships.order.data).toEqual({ type: 'order', id: orderId });
    expect(a.captured.data).toMatchObject({
      id: authorized.id,
      transaction_type: 'capture',
      status: 'complete',
    });
    expect(a.refunded.data).toMatchObject({
      id: authorized.id,
      transaction_type: 'refund',
      status: 'complete',
    });
    expect(a.refunded.data).not.toHaveProperty('meta');

    // A payment-intent purchase on a second order, confirmed: §4.1 confirm.
    const intent = a.intents.data.find((t: SdkAnswer) => t.gateway === 'card_payment_intents');
    expect(a.confirmed.data).toMatchObject({
      id: intent.id,
      gateway: 'card_payment_intents',
      payment_intent: { client_secret: expect.any(String), status: expect.any(String) },
    });
    expect(a.confirmed.data.reference).not.toBe('manual');

    // An integration: create, read, delete, then it is gone.
    const id: string = a.integration.data.id;
    expect(a.read.data).toMatchObject({
      id,
      type: 'integration',
      name: 'SDK webhook',
      observes: ['order.fulfilled'],
      configuration: { url: 'https://hooks.example.com/sdk' },
    });
    expect(a.read.data.links.self).toBe(`${server.url}/v2/integrations/${id}`);
    expect(a.deleted).toEqual({ data: { type: 'integration', id } });
    expect(a.readAfterDelete).toBeUndefined();
    expect(a.readAfterDeleteError).toHaveProperty(['errors', 0, 'status']);
  });

  it('every exchange of the SDK agrees with the OpenAPI document', () => {
    const check = createExchangeChecker(buildOpenApiDocument());
    const verdicts = exchanges.map((exchange) => ({ exchange, ...check(exchange) }));
    expect(verdicts.filter((v) => v.operationId === undefined).map((v) => v.exchange.path)).toEqual([]);
    expect(verdicts.flatMap((v) => v.problems)).toEqual([]);
    expect(verdicts.filter((v) => v.validated).length).toBeGreaterThan(15);
    expect(new Set(verdicts.map((v) => v.operationId))).toEqual(
      new Set([
        'createToken',
        'createProduct',
        'createCategory',
        'linkProductCategories',
        'getCategory',
        'listProducts',
        'addCartItem',
        'checkoutCart',
        'createPayment',
        'listTransactions',
        'captureTransaction',
        'refundTransaction',
        'confirmTransaction',
        'createIntegration',
        'getIntegration',
        'deleteIntegration',
        'deleteProduct',
        'deleteCategory',
      ]),
    );
  });
});

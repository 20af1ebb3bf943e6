import { gateway, MemoryStorageFactory } from '@moltin/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildOpenApiDocument } from '../scripts/openapi-document.ts';
import { createExchangeChecker, type RecordedExchange } from '../scripts/openapi-responses.ts';
import { DEFAULT_CLIENT_ID, DEFAULT_CLIENT_SECRET } from './options.ts';
import { type ReferenceServer, startReferenceServer } from './server.ts';

/** Loosely typed answers: the point is what the server sends, checked field by field. */
// biome-ignore lint/suspicious/noExplicitAny: the SDK's own types are too loose to help here
type Answer = any;

/**
 * The reference server proven with the service family's own JavaScript SDK, `@moltin/sdk`: every call below
 * goes through the SDK's methods (its URLs, headers, bodies, token handling), against the reference server
 * on a loopback port. Each exchange is also checked against the OpenAPI document.
 */
describe('@moltin/sdk against the reference server', () => {
  let server: ReferenceServer;
  let sdk: ReturnType<typeof gateway>;
  const exchanges: RecordedExchange[] = [];

  beforeAll(async () => {
    server = await startReferenceServer({ token: 'sdk-token' });
    const url = new URL(server.url);
    // `protocol` is an option of the SDK's configuration that its type declarations leave out.
    const options: Parameters<typeof gateway>[0] & { protocol: 'http' } = {
      client_id: DEFAULT_CLIENT_ID,
      client_secret: DEFAULT_CLIENT_SECRET,
      host: url.host,
      protocol: 'http',
      storage: new MemoryStorageFactory(),
      // Records each exchange for the OpenAPI check; the SDK's own fetch does the rest.
      custom_fetch: async (input: string, init: RequestInit) => {
        const response = await fetch(input, init);
        const body = await response.clone().text();
        const { pathname, search } = new URL(input);
        exchanges.push({
          method: init.method ?? 'GET',
          path: `${pathname}${search}`,
          status: response.status,
          ...(response.headers.get('content-type')
            ? { contentType: response.headers.get('content-type') ?? '' }
            : {}),
          body,
        });
        return response;
      },
    };
    sdk = gateway(options);
  });

  afterAll(async () => {
    await server?.close();
  });

  it('goes through the catalogue, an order and its payment, and an integration', async () => {
    // Client credentials: POST /oauth/access_token, form-encoded; the SDK keeps the token and sends it.
    const token: Answer = await sdk.Authenticate();
    expect(token).toMatchObject({ access_token: 'sdk-token', token_type: 'Bearer', expires_in: 3600 });

    const products: Answer[] = [];
    for (const n of [1, 2, 3]) {
      const created: Answer = await sdk.Products.Create({
        name: `SDK product ${n}`,
        slug: `sdk-product-${n}`,
        sku: `SDK-${n}`,
        description: 'Made through @moltin/sdk',
        manage_stock: false,
        price: [{ amount: 1000 * n, currency: 'USD', includes_tax: true }],
        status: 'live',
        commodity_type: 'physical',
      } as Answer);
      expect(created.data).toMatchObject({ type: 'product', name: `SDK product ${n}`, 'tax-code': null });
      products.push(created.data);
    }
    const [first, second] = products;
    const category: Answer = await sdk.Categories.Create({
      name: 'SDK category',
      slug: 'sdk-category',
      description: 'With products',
      status: 'live',
    } as Answer);
    const empty: Answer = await sdk.Categories.Create({
      name: 'SDK empty category',
      slug: 'sdk-empty-category',
      description: 'Without products',
      status: 'live',
    } as Answer);

    // POST /v2/products/:id/relationships/categories, { data: [{ type: "category", id }] }.
    await sdk.Products.CreateRelationships(first.id, 'category', [category.data.id]);
    await sdk.Products.CreateRelationships(second.id, 'category', category.data.id);

    // GET /v2/categories/:id?include=products.
    const withProducts: Answer = await sdk.Categories.With('products').Get(category.data.id);
    const linked = withProducts.data.relationships.products.data.map((p: Answer) => p.id).sort();
    expect(linked).toEqual([first.id, second.id].sort());
    expect(withProducts.included.products.map((p: Answer) => p.id).sort()).toEqual(linked);
    const without: Answer = await sdk.Categories.With('products').Get(empty.data.id);
    expect(without).not.toHaveProperty('included');

    // GET /v2/products?page[limit]=2 then &page[offset]=2.
    const page1: Answer = await sdk.Products.Limit(2).All();
    expect(page1.data).toHaveLength(2);
    expect(page1.meta).toMatchObject({
      page: { limit: 2, offset: 0, current: 1, total: 2 },
      results: { total: 3 },
    });
    const page2: Answer = await sdk.Products.Limit(2).Offset(2).All();
    expect(page2.data).toHaveLength(1);
    expect(page2.links.next).toBeNull();
    expect([...page1.data, ...page2.data].map((p: Answer) => p.id).sort()).toEqual(
      products.map((p) => p.id).sort(),
    );

    // A cart, checked out: the order.
    const cart = sdk.Cart('sdk-cart-1');
    await cart.AddProduct(first.id, 2);
    const address = {
      first_name: 'Ada',
      last_name: 'Lovelace',
      line_1: '1 Analytical Way',
      city: 'London',
      postcode: 'N1 1AA',
      county: 'Greater London',
      country: 'GB',
    };
    const order: Answer = await cart.Checkout(
      { email: 'ada@example.com', name: 'Ada Lovelace' } as Answer,
      address as Answer,
    );
    expect(order.data).toMatchObject({ type: 'order' });
    const orderId: string = order.data.id;

    // Authorize (manual gateway), list, capture, refund: §4.1.
    await sdk.Orders.Payment(orderId, { gateway: 'manual', method: 'authorize' } as Answer);
    const listed: Answer = await sdk.Transactions.All({ order: orderId });
    expect(listed.data).toHaveLength(1);
    const authorized = listed.data[0];
    expect(authorized).toMatchObject({
      type: 'transaction',
      gateway: 'manual',
      reference: 'manual',
      amount: 2000,
    });
    expect(authorized.relationships.order.data).toEqual({ type: 'order', id: orderId });
    const captured: Answer = await sdk.Transactions.Capture({ order: orderId, transaction: authorized.id });
    expect(captured.data).toMatchObject({
      id: authorized.id,
      transaction_type: 'capture',
      status: 'complete',
    });
    const refunded: Answer = await sdk.Transactions.Refund({ order: orderId, transaction: authorized.id });
    expect(refunded.data).toMatchObject({
      id: authorized.id,
      transaction_type: 'refund',
      status: 'complete',
    });
    expect(refunded.data).not.toHaveProperty('meta');

    // A payment-intent purchase on a second order, confirmed: §4.1 confirm.
    const intentCart = sdk.Cart('sdk-cart-2');
    await intentCart.AddProduct(second.id, 1);
    const intentOrder: Answer = await intentCart.Checkout(
      { email: 'ada@example.com', name: 'Ada Lovelace' } as Answer,
      address as Answer,
    );
    const purchase = { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' };
    await sdk.Orders.Payment(intentOrder.data.id, purchase as Answer);
    const intents: Answer = await sdk.Transactions.All({ order: intentOrder.data.id });
    const intent = intents.data.find((t: Answer) => t.gateway === 'card_payment_intents');
    const confirmed: Answer = await sdk.Orders.Confirm(intentOrder.data.id, intent.id, purchase);
    expect(confirmed.data).toMatchObject({
      id: intent.id,
      gateway: 'card_payment_intents',
      payment_intent: { client_secret: expect.any(String), status: expect.any(String) },
    });
    expect(confirmed.data.reference).not.toBe('manual');

    // An integration: create, read, delete, then it is gone.
    const integration: Answer = await sdk.Integrations.Create({
      integration_type: 'webhook',
      name: 'SDK webhook',
      description: 'Fulfilled orders',
      enabled: true,
      observes: ['order.fulfilled'],
      configuration: { url: 'https://hooks.example.com/sdk' },
    } as Answer);
    const id: string = integration.data.id;
    const read: Answer = await sdk.Integrations.Get(id);
    expect(read.data).toMatchObject({
      id,
      type: 'integration',
      name: 'SDK webhook',
      observes: ['order.fulfilled'],
      configuration: { url: 'https://hooks.example.com/sdk' },
    });
    expect(read.data.links.self).toBe(`${server.url}/v2/integrations/${id}`);
    const deleted: Answer = await sdk.Integrations.Delete(id);
    expect(deleted).toEqual({ data: { type: 'integration', id } });
    await expect(sdk.Integrations.Get(id)).rejects.toHaveProperty(['errors', 0, 'status']);

    // The SDK cleans up after itself too.
    for (const product of products) await sdk.Products.Delete(product.id);
    for (const made of [category, empty]) await sdk.Categories.Delete(made.data.id);
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

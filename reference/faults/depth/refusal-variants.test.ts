import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  expectError,
  productData,
  type TestClient,
  testClient,
} from '../../../test-support/reference/client.ts';

async function authorized(client: TestClient) {
  const order = await client.createOrderOf(1999);
  const txn = await client.authorize(order.id);
  return `/v2/orders/${order.id}/transactions/${txn.id}/capture`;
}

const integration = (fields: Record<string, unknown>) => ({
  data: {
    type: 'integration',
    integration_type: 'webhook',
    name: 'hook',
    description: 'a webhook',
    enabled: true,
    observes: ['order.fulfilled'],
    configuration: { url: 'https://hooks.example.com/x' },
    ...fields,
  },
});

describe('capture-reference-max-64', () => {
  const client = testClient({ variants: ['capture-reference-max-64'] });

  it('refuses a reference of more than 64 characters with 422 and captures nothing', async () => {
    const path = await authorized(client);
    expectError(await client.post(path, { data: { custom_reference: 'r'.repeat(65) } }), 422, /64/);
    expectError(await client.post(path, { data: { custom_reference: '🚀'.repeat(65) } }), 422);
    const ok = await client.post(path, { data: { custom_reference: '🚀'.repeat(64) } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.custom_reference).toBe('🚀'.repeat(64));
    const bare = await client.post(await authorized(client));
    expect(bare.status).toBe(200);
  });
});

describe('capture-reference-printable-ascii', () => {
  const client = testClient({ variants: ['capture-reference-printable-ascii'] });

  it('refuses characters outside printable ASCII with 422, takes printable ASCII', async () => {
    for (const reference of ['café', 'tab\there', '🚀']) {
      expectError(
        await client.post(await authorized(client), { data: { custom_reference: reference } }),
        422,
      );
    }
    const ok = await client.post(await authorized(client), { data: { custom_reference: ' ~Ref-1! ' } });
    expect(ok.body.data.custom_reference).toBe(' ~Ref-1! ');
  });
});

describe('price-amount-max', () => {
  const client = testClient({ variants: ['price-amount-max'] });
  const price = (amount: number) => [{ amount, currency: 'USD', includes_tax: true }];

  it('refuses a product price above 10,000,000 with 422, takes 10,000,000', async () => {
    const refused = await client.post('/v2/products', {
      data: { ...productData(), price: price(10_000_001) },
    });
    expectError(refused, 422, /10000000/);
    expect((await client.createProduct({ price: price(10_000_000) })).price[0].amount).toBe(10_000_000);
  });
});

describe('integration-text-max-255 and integration-text-bmp-only', () => {
  const client = testClient({ variants: ['integration-text-max-255', 'integration-text-bmp-only'] });

  it('refuses a name or description above 255 characters or with characters above U+FFFF', async () => {
    expectError(await client.post('/v2/integrations', integration({ name: 'n'.repeat(256) })), 422, /name/);
    expectError(
      await client.post('/v2/integrations', integration({ description: 'd'.repeat(256) })),
      422,
      /description/,
    );
    expectError(await client.post('/v2/integrations', integration({ name: 'hook 🚀' })), 422, /U\+FFFF/);
    const ok = await client.post(
      '/v2/integrations',
      integration({ name: 'é'.repeat(255), description: '参考 Ω' }),
    );
    expect(ok.status).toBe(201);
  });
});

describe('known-events-only', () => {
  const client = testClient({ variants: ['known-events-only'] });

  it('refuses an event outside its list with 422, takes those in it', async () => {
    expectError(
      await client.post('/v2/integrations', integration({ observes: ['order.fulfilled', 'cart.abandoned'] })),
      422,
      /cart\.abandoned/,
    );
    const ok = await client.post(
      '/v2/integrations',
      integration({ observes: ['order.paid', 'product.created'] }),
    );
    expect(ok.status).toBe(201);
  });
});

describe('unknown-query-rejected', () => {
  const client = testClient({ variants: ['unknown-query-rejected'] });

  it('refuses a query parameter outside page[limit], page[offset] and include with 400', async () => {
    expectError(await client.get('/v2/categories?sort=name'), 400, /sort/);
    expectError(await client.get(`/v2/integrations/${randomUUID()}?x=1`), 400);
    expectError(await client.get('/v2/categories?page[limit][x]=1'), 400);
    expect((await client.get('/v2/products?page[limit]=2&page[offset]=1&include=categories')).status).toBe(
      200,
    );
    expect((await client.get('/v2/categories?include=products')).status).toBe(200);
    expectError(await client.get('/v2/categories?sort=name', { token: null }), 401);
  });
});

describe('malformed-id-400', () => {
  const client = testClient({ variants: ['malformed-id-400'] });

  it('answers 400 for ids that are not UUIDs, 404 for unknown UUIDs', async () => {
    expectError(await client.get('/v2/integrations/not-a-uuid'), 400, /id must be a UUID/);
    expectError(await client.get('/v2/orders/abc/transactions'), 400, /orderId/);
    expectError(await client.post(`/v2/orders/${randomUUID()}/transactions/xyz/refund`), 400);
    expectError(await client.get(`/v2/integrations/${randomUUID()}`), 404);
    const added = await client.post('/v2/carts/any-cart-ref/items', {
      data: { type: 'cart_item', id: (await client.createProduct()).id, quantity: 1 },
    });
    expect(added.status).toBe(201);
  });
});

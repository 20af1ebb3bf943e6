import { describe, expect, it } from 'vitest';
import { expectError, type TestClient, testClient } from '../../../test-support/reference/client.ts';

async function categoryWithProduct(client: TestClient): Promise<string> {
  const category = await client.createCategory();
  await client.link((await client.createProduct()).id, [category.id]);
  return category.id;
}

describe('include-case-insensitive', () => {
  const client = testClient({ variants: ['include-case-insensitive'] });
  const clean = testClient();

  it('includes the products for include=PRODUCTS, where the default server includes nothing', async () => {
    const id = await categoryWithProduct(client);
    expect((await client.get(`/v2/categories/${id}?include=PRODUCTS`)).body.included.products).toHaveLength(
      1,
    );
    expect((await client.get('/v2/products?include=Categories')).body.included.categories).toHaveLength(1);
    const cleanId = await categoryWithProduct(clean);
    expect((await clean.get(`/v2/categories/${cleanId}?include=PRODUCTS`)).body.included).toBeUndefined();
  });
});

describe('include-names-untrimmed', () => {
  const client = testClient({ variants: ['include-names-untrimmed'] });

  it('treats a name with spaces around it as unsupported, and exact names as usual', async () => {
    const id = await categoryWithProduct(client);
    const spaced = await client.get(`/v2/categories/${id}?include=%20products`);
    expect(spaced.status).toBe(200);
    expect(spaced.body.included).toBeUndefined();
    const mixed = await client.get('/v2/products?include=main_image,%20categories');
    expect(mixed.status).toBe(200);
    expect(mixed.body.included).toBeUndefined();
    expect((await client.get(`/v2/categories/${id}?include=products`)).body.included.products).toHaveLength(
      1,
    );
  });
});

describe('soft-offset-clamped', () => {
  const client = testClient({ variants: ['soft-offset-clamped'], demoProducts: 3 });

  it('serves an offset above 10,000 as 10,000 on categories and products, not on orders', async () => {
    for (const endpoint of ['/v2/categories', '/v2/products']) {
      const res = await client.get(`${endpoint}?page[offset]=10001`);
      expect(res.status).toBe(200);
      expect(res.body.meta.page.offset).toBe(10_000);
      expect(res.body.links.current).toContain('page[offset]=10000');
    }
    expect((await client.get('/v2/products?page[offset]=2')).body.meta.page.offset).toBe(2);
    expectError(await client.get('/v2/orders?page[offset]=10001'), 400);
  });
});

describe('foreign-transaction-403', () => {
  const client = testClient({ variants: ['foreign-transaction-403'] });

  it("answers 403 for another order's transaction, 404 for an unknown one", async () => {
    const a = await client.createOrderOf(1999);
    const b = await client.createOrderOf(1999);
    const txn = await client.authorize(b.id);
    for (const action of ['capture', 'refund', 'confirm']) {
      expectError(await client.post(`/v2/orders/${a.id}/transactions/${txn.id}/${action}`), 403);
      expectError(await client.post(`/v2/orders/${a.id}/transactions/${crypto.randomUUID()}/${action}`), 404);
    }
    expect((await client.post(`/v2/orders/${b.id}/transactions/${txn.id}/capture`)).status).toBe(200);
  });
});

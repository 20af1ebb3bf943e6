import { describe, expect, it } from 'vitest';
import { buildReferenceApp, createReferenceContext } from '../app.ts';
import { DEMO_CART, seedDemoRecords } from './demo.ts';
import { Store } from './store.ts';

describe('demo catalog', () => {
  it('links category i to products 10i+1 … 10i+10', () => {
    const store = new Store();
    seedDemoRecords(store, 23);
    expect(store.products.size).toBe(23);
    expect(store.categories.size).toBe(3);
    const [c1, , c3] = store.categories.slice(0, 3);
    expect(c1?.name).toBe('Demo category 1');
    expect(c1?.productIds.map((id) => store.products.get(id)?.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Demo product ${i + 1}`),
    );
    expect(c3?.productIds.map((id) => store.products.get(id)?.name)).toEqual([
      'Demo product 21',
      'Demo product 22',
      'Demo product 23',
    ]);
    for (const product of store.products.slice(0, 23)) {
      expect(product.categoryIds).toHaveLength(1);
    }
  });

  it('gives every demo record the same id on every start, and makes an order, a cart and integrations to use', () => {
    const [a, b] = [new Store(), new Store()];
    const [first, second] = [seedDemoRecords(a, 12), seedDemoRecords(b, 12)];
    const ids = (store: Store) =>
      [
        ...store.products.slice(0, 100),
        ...store.categories.slice(0, 100),
        ...store.orders.slice(0, 100),
        ...store.transactions.slice(0, 100),
        ...store.integrations.slice(0, 100),
      ].map((record) => record.id);
    expect(ids(a)).toEqual(ids(b));
    expect(new Set(ids(a)).size).toBe(12 + 2 + 1 + 3 + 2);
    expect(first.products[0]?.id).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    expect(second.order?.record.id).toBe(first.order?.record.id);
    expect(
      [first.order?.authorized, first.order?.captured, first.order?.purchase].map((t) => [
        t?.gateway,
        t?.transactionType,
        t?.status,
      ]),
    ).toEqual([
      ['manual', 'authorize', 'complete'],
      ['manual', 'capture', 'complete'],
      ['card_payment_intents', 'purchase', 'pending'],
    ]);
    expect(a.carts.get(DEMO_CART)?.items.map((item) => item.productId)).toEqual([first.products[0]?.id]);
    expect(first.integrations.map((i) => i.name)).toEqual(['Demo integration 1', 'Demo integration 2']);
    // Records made later get random ids again.
    expect(a.newId()).not.toBe(b.newId());
  });

  it('makes nothing without demo products', () => {
    const store = new Store();
    expect(seedDemoRecords(store, 0)).toEqual({ products: [], categories: [], integrations: [] });
    expect([store.orders.size, store.integrations.size, store.carts.size]).toEqual([0, 0, 0]);
  });

  // How fast: `npm run bench` (a run against 5,000 demo products), not a timed test.
  it('makes 5000 products in 500 categories and lists a page of them far in', async () => {
    const ctx = createReferenceContext({ demoProducts: 5000, token: 't' });
    const app = buildReferenceApp({}, ctx);
    const headers = { authorization: 'Bearer t' };
    const res = await app.inject({
      url: '/v2/products?page[limit]=100&page[offset]=4900&include=categories',
      headers,
    });
    const body = res.json();
    expect(body.data).toHaveLength(100);
    expect(body.data[99].name).toBe('Demo product 5000');
    expect(body.included.categories).toHaveLength(10);
    expect(body.meta.results.total).toBe(5000);
    expect(
      (await app.inject({ url: '/v2/categories?page[limit]=1', headers })).json().meta.results.total,
    ).toBe(500);
  });
});

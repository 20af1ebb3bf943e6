import { describe, expect, it } from 'vitest';
import { buildReferenceApp } from '../app.ts';
import { createReferenceContext } from '../create-context.ts';
import { seedDemoCatalog } from './demo.ts';
import { Store } from './store.ts';

describe('demo catalog', () => {
  it('links category i to products 10i+1 … 10i+10', () => {
    const store = new Store();
    seedDemoCatalog(store, 23);
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

  it('makes 5000 products quickly and lists a page of them in milliseconds', async () => {
    const started = performance.now();
    const ctx = createReferenceContext({ demoProducts: 5000, token: 't' });
    expect(performance.now() - started).toBeLessThan(1000);
    const app = buildReferenceApp({}, ctx);
    const headers = { authorization: 'Bearer t' };
    await app.inject({ url: '/v2/products?page[limit]=1', headers }); // warm-up
    const listed = performance.now();
    const res = await app.inject({
      url: '/v2/products?page[limit]=100&page[offset]=4900&include=categories',
      headers,
    });
    expect(performance.now() - listed).toBeLessThan(200);
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

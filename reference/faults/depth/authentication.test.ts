import { describe, expect, it } from 'vitest';
import { expectError, TEST_TOKEN, testClient } from '../../test-support.ts';

describe('listing-query-skips-auth (AUTH-REQUIRED, listing URLs with a query string)', () => {
  const faulty = testClient({ faults: ['listing-query-skips-auth'] });

  it('serves the two listings with a query string and no Authorization header', async () => {
    for (const path of [
      '/v2/products?page[limit]=1',
      '/v2/categories?x',
      '/v2/products?include=categories',
    ]) {
      const res = await faulty.get(path, { token: null });
      expect(res.status, path).toBe(200);
      expect(res.body.data, path).toBeInstanceOf(Array);
    }
  });

  it('refuses without a query string, with an invalid token, and on every other route', async () => {
    expectError(await faulty.get('/v2/products', { token: null }), 401);
    expectError(await faulty.get('/v2/categories', { token: null }), 401);
    expectError(await faulty.get('/v2/products?page[limit]=1', { token: 'wrong' }), 401);
    const category = await faulty.createCategory();
    expectError(await faulty.get(`/v2/categories/${category.id}?include=products`, { token: null }), 401);
    expectError(await faulty.get('/v2/orders?page[limit]=1', { token: null }), 401);
  });
});

describe('transactions-query-skips-auth (AUTH-REQUIRED, transaction lists with a query string)', () => {
  const faulty = testClient({ faults: ['transactions-query-skips-auth'] });

  it("serves an order's transactions with a query string and no Authorization header", async () => {
    const order = (await faulty.createOrderOf(1000)).id;
    for (const query of ['?page[limit]=1', '?x']) {
      const res = await faulty.get(`/v2/orders/${order}/transactions${query}`, { token: null });
      expect(res.status, query).toBe(200);
      expect(res.body.data, query).toBeInstanceOf(Array);
    }
  });

  it('refuses without a query string, with an invalid token, and on the listings', async () => {
    const order = (await faulty.createOrderOf(1000)).id;
    expectError(await faulty.get(`/v2/orders/${order}/transactions`, { token: null }), 401);
    expectError(await faulty.get(`/v2/orders/${order}/transactions?page[limit]=1`, { token: 'wrong' }), 401);
    expectError(await faulty.get('/v2/products?page[limit]=1', { token: null }), 401);
  });
});

describe('token-prefix-accepted (AUTH-INVALID, tokens that start with the valid one)', () => {
  const faulty = testClient({ faults: ['token-prefix-accepted'] });

  it('accepts the valid token with anything appended', async () => {
    for (const token of [`${TEST_TOKEN}x`, `${TEST_TOKEN}-forged.${'a'.repeat(40)}`]) {
      expect((await faulty.get('/v2/products', { token })).status, token).toBe(200);
    }
  });

  it('refuses every other invalid token, and no token', async () => {
    for (const token of [TEST_TOKEN.slice(0, -1), `x${TEST_TOKEN}`, TEST_TOKEN.toUpperCase(), 'wrong']) {
      expectError(await faulty.get('/v2/products', { token }), 401);
    }
    expectError(await faulty.get('/v2/products', { token: null }), 401);
    expect((await faulty.get('/v2/products')).status).toBe(200);
  });
});

import { describe, expect, it } from 'vitest';
import { expectError, TEST_TOKEN, testClient } from '../../test-support/reference/client.ts';
import { hasBearerToken, isProtectedPath } from './auth.ts';

const ID = '00000000-0000-4000-8000-000000000000';

/** Every /v2 route, with a body where it takes one. */
const ROUTES: [method: string, url: string][] = [
  ['GET', '/v2/products'],
  ['POST', '/v2/products'],
  ['GET', `/v2/products/${ID}`],
  ['DELETE', `/v2/products/${ID}`],
  ['POST', `/v2/products/${ID}/relationships/categories`],
  ['GET', '/v2/categories'],
  ['POST', '/v2/categories'],
  ['GET', `/v2/categories/${ID}`],
  ['DELETE', `/v2/categories/${ID}`],
  ['POST', '/v2/carts/c1/items'],
  ['GET', '/v2/carts/c1/items'],
  ['POST', '/v2/carts/c1/checkout'],
  ['GET', '/v2/orders'],
  ['GET', `/v2/orders/${ID}`],
  ['POST', `/v2/orders/${ID}/payments`],
  ['GET', `/v2/orders/${ID}/transactions`],
  ['POST', `/v2/orders/${ID}/transactions/${ID}/capture`],
  ['POST', `/v2/orders/${ID}/transactions/${ID}/refund`],
  ['POST', `/v2/orders/${ID}/transactions/${ID}/confirm`],
  ['POST', '/v2/integrations'],
  ['GET', `/v2/integrations/${ID}`],
  ['DELETE', `/v2/integrations/${ID}`],
  ['GET', '/v2/files'],
  ['GET', '/v2/no-such-route'],
  ['GET', '/v2'],
];

describe('bearer token (§5)', () => {
  const client = testClient();

  it.each(ROUTES)('%s %s without a token answers 401', async (method, url) => {
    const res = await client.request(method, url, {
      token: null,
      json: method === 'POST' ? { data: {} } : undefined,
    });
    expectError(res, 401, /missing/);
    expect(res.headers['www-authenticate']).toBe('Bearer');
  });

  it.each(ROUTES)('%s %s with a wrong token answers 401', async (method, url) => {
    const res = await client.request(method, url, { token: 'wrong-token' });
    expectError(res, 401, /valid bearer token/);
  });

  it.each([
    ['Basic dGVzdDp0ZXN0'],
    [`Token ${TEST_TOKEN}`],
    ['Bearer'],
    ['Bearer '],
    [`Bearer ${TEST_TOKEN}x`],
    [`Bearer ${TEST_TOKEN} extra`],
    [TEST_TOKEN],
  ])('refuses the header %j', async (authorization) => {
    const res = await client.get('/v2/products', { token: null, headers: { authorization } });
    expectError(res, 401);
  });

  it('accepts the scheme in any case', async () => {
    const res = await client.get('/v2/files', {
      token: null,
      headers: { authorization: `bearer ${TEST_TOKEN}` },
    });
    expect(res.status).toBe(200);
  });

  it('checks the token before the body: malformed JSON without a token is 401, not 400', async () => {
    const res = await client.request('POST', '/v2/products', {
      token: null,
      raw: '{not json',
      headers: { 'content-type': 'application/json' },
    });
    expectError(res, 401);
  });

  it('checks the token before the Content-Type and the body size', async () => {
    const wrongType = await client.request('POST', '/v2/products', {
      token: null,
      raw: 'x',
      headers: { 'content-type': 'text/plain' },
    });
    expectError(wrongType, 401);
    const huge = await client.request('POST', '/v2/products', {
      token: null,
      raw: 'x'.repeat(2 * 1024 * 1024),
      headers: { 'content-type': 'application/json' },
    });
    expectError(huge, 401);
  });

  it('checks the token before a badly encoded URL is reported', async () => {
    expectError(await client.get('/v2/products/%E0%A4%A', { token: null }), 401);
    expectError(await client.get('/v2/products/%E0%A4%A'), 400);
  });

  it('an unknown /v2 route with the token is a 404 error body', async () => {
    expectError(await client.get('/v2/no-such-route'), 404, /no route GET \/v2\/no-such-route/);
  });

  it('paths outside /v2 need no token', async () => {
    expectError(await client.get('/elsewhere', { token: null }), 404);
  });
});

describe('an unauthenticated write changes nothing', () => {
  it('POST /v2/products without a token creates no product', async () => {
    const client = testClient();
    const before = await client.get('/v2/products');
    const res = await client.post(
      '/v2/products',
      {
        data: {
          type: 'product',
          name: 'x',
          slug: 'x',
          sku: 'x',
          description: '',
          manage_stock: false,
          price: [{ amount: 1, currency: 'USD', includes_tax: true }],
          status: 'live',
          commodity_type: 'physical',
        },
      },
      { token: 'wrong' },
    );
    expectError(res, 401);
    const after = await client.get('/v2/products');
    expect(after.body.meta.results.total).toBe(before.body.meta.results.total);
  });

  it('DELETE /v2/integrations/:id without a token leaves the integration', async () => {
    const client = testClient();
    const created = await client.post('/v2/integrations', {
      data: {
        type: 'integration',
        integration_type: 'webhook',
        name: 'hook',
        description: 'd',
        enabled: true,
        observes: ['order.fulfilled'],
        configuration: { url: 'https://hooks.example.com/x' },
      },
    });
    const id = created.body.data.id;
    expectError(await client.delete(`/v2/integrations/${id}`, { token: null }), 401);
    expectError(await client.delete(`/v2/integrations/${id}`, { token: 'nope' }), 401);
    expect((await client.get(`/v2/integrations/${id}`)).status).toBe(200);
  });

  it('a capture without a token leaves the transaction as it was', async () => {
    const client = testClient();
    const order = await client.createOrderOf(500);
    const txn = await client.authorize(order.id);
    const res = await client.post(`/v2/orders/${order.id}/transactions/${txn.id}/capture`, undefined, {
      token: null,
    });
    expectError(res, 401);
    const [after] = await client.transactions(order.id);
    expect(after.transaction_type).toBe('authorize');
  });
});

describe('hasBearerToken / isProtectedPath', () => {
  it('matches only the exact token', () => {
    expect(hasBearerToken('Bearer abc', 'abc')).toBe(true);
    expect(hasBearerToken('Bearer abcd', 'abc')).toBe(false);
    expect(hasBearerToken(undefined, 'abc')).toBe(false);
  });

  it('protects /v2 and below only', () => {
    expect(isProtectedPath('/v2')).toBe(true);
    expect(isProtectedPath('/v2/products?x=1')).toBe(true);
    expect(isProtectedPath('/v2?x=1')).toBe(true);
    expect(isProtectedPath('/v20')).toBe(false);
    expect(isProtectedPath('/oauth/access_token')).toBe(false);
  });
});

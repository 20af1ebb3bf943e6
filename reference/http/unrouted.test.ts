import { describe, expect, it } from 'vitest';
import { expectError, testClient } from '../../test-support/reference/client.ts';

describe('requests that no route serves (RFC 9110 §15.5.6)', () => {
  const client = testClient();

  it.each([
    ['PUT', '/v2/categories', 'GET, HEAD, POST, OPTIONS'],
    ['TRACE', '/v2/products', 'GET, HEAD, POST, OPTIONS'],
    ['QUERY', '/v2/orders', 'GET, HEAD, OPTIONS'],
    ['PROPFIND', '/v2/integrations/some-id', 'GET, HEAD, DELETE, OPTIONS'],
    ['GET', '/v2/orders/some-id/payments', 'POST, OPTIONS'],
    ['DELETE', '/v2/carts/any-ref/items', 'GET, HEAD, POST, OPTIONS'],
    ['PATCH', '/oauth/access_token', 'POST, OPTIONS'],
  ])('%s %s: 405 with Allow: %s, a JSON error', async (method, path, allow) => {
    const res = await client.request(method, path);
    expectError(res, 405, new RegExp(`^${method} is not served on `));
    expect(res.headers.allow).toBe(allow);
  });

  it('OPTIONS on a served path: 204 with Allow and no body', async () => {
    const res = await client.request('OPTIONS', '/v2/categories/any-id');
    expect([res.status, res.headers.allow, res.text]).toEqual([204, 'GET, HEAD, DELETE, OPTIONS', '']);
  });

  it('HEAD on a GET route is served; an unknown path is 404 whatever the method; the token comes first', async () => {
    expect((await client.request('HEAD', '/v2/files')).status).toBe(200);
    for (const method of ['GET', 'OPTIONS', 'QUERY', 'TRACE']) {
      const res = await client.request(method, '/v2/no-such-route');
      expectError(res, 404, /^no route /);
      expect(res.headers.allow).toBeUndefined();
    }
    expectError(await client.request('PUT', '/v2/categories', { token: null }), 401);
    expectError(await client.request('OPTIONS', '/v2/categories', { token: 'wrong' }), 401);
  });

  it('a path parameter longer than the router takes is no path of a route: 404', async () => {
    expectError(await client.request('PUT', `/v2/integrations/${'x'.repeat(1001)}`), 404);
  });
});

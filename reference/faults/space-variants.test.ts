import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, testClient } from '../../test-support/reference/client.ts';

const NONE = { token: null };

describe('options-before-auth', () => {
  it('answers every OPTIONS 204 with Allow, whatever its credentials; other methods as usual', async () => {
    const client = testClient({ variants: ['options-before-auth'] });
    for (const options of [{}, NONE, { token: 'wrong' }]) {
      const res = await client.request('OPTIONS', `/v2/integrations/${randomUUID()}`, options);
      expect([res.status, res.text, typeof res.headers.allow]).toEqual([204, '', 'string']);
    }
    expectError(await client.request('PUT', '/v2/categories', NONE), 401);
  });
});

describe('unserved-methods-404', () => {
  it('answers a method a path does not serve 404 without Allow, before the token check', async () => {
    const client = testClient({ variants: ['unserved-methods-404'] });
    for (const [method, path] of [
      ['PUT', '/v2/categories'],
      ['GET', `/v2/orders/${randomUUID()}/payments`],
      ['OPTIONS', '/v2/products'],
    ] as const) {
      const res = await client.request(method, path, NONE);
      expectError(res, 404);
      expect(res.headers.allow).toBeUndefined();
    }
    expect((await client.request('GET', '/v2/products')).status).toBe(200);
  });
});

describe('other-methods-501', () => {
  it('answers every method but GET, POST and DELETE 501, before the token check', async () => {
    const client = testClient({ variants: ['other-methods-501'] });
    for (const method of ['HEAD', 'OPTIONS', 'PUT', 'PATCH', 'PROPFIND'])
      expect((await client.request(method, '/v2/products', NONE)).status).toBe(501);
    expectError(await client.request('PATCH', '/v2/categories'), 501, /not implemented/);
    expect((await client.request('GET', '/v2/products')).status).toBe(200);
    expectError(await client.request('GET', '/v2/products', NONE), 401);
  });
});

import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, TEST_TOKEN, testClient } from '../../test-support/reference/client.ts';

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

describe('repeated-params-last', () => {
  it('reads a repeated page parameter at its last value', async () => {
    const client = testClient({ variants: ['repeated-params-last'] });
    for (let i = 0; i < 3; i += 1) await client.createCategory();
    const res = await client.get('/v2/categories?page[limit]=1&page[offset]=0&page[offset]=2');
    expect([res.status, res.body.meta.page.offset]).toEqual([200, 2]);
    expect((await testClient().get('/v2/categories?page[offset]=0&page[offset]=2')).status).toBe(400);
  });
});

describe('malformed-query-refused', () => {
  it('refuses a malformed escape and a bare key with 400, not an empty part', async () => {
    const client = testClient({ variants: ['malformed-query-refused'] });
    for (const query of ['include=%zz', 'page[limit]=%', 'include=%E0%A4', 'include'])
      expectError(await client.get(`/v2/products?${query}`), 400);
    expect((await client.get('/v2/products?page[limit]=1&&page[offset]=0')).status).toBe(200);
  });
});

describe('bearer-scheme-exact', () => {
  it('refuses the token after a scheme not spelt Bearer', async () => {
    const client = testClient({ variants: ['bearer-scheme-exact'] });
    const token = (await client.get('/v2/products')).status;
    const lower = await client.get('/v2/products', {
      token: null,
      headers: { authorization: `bearer ${TEST_TOKEN}` },
    });
    expect([token, lower.status]).toEqual([200, 401]);
  });
});

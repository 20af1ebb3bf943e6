import { describe, expect, it } from 'vitest';
import { expectError, type Json, TEST_TOKEN, testClient } from '../../../test-support/reference/client.ts';
import { LATE_CAPTURE_MS } from './authentication.ts';

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

describe('encoded-query-skips-auth (AUTH-REQUIRED, reads whose query string holds a percent-escape)', () => {
  const faulty = testClient({ faults: ['encoded-query-skips-auth'] });

  it('serves a read with a percent-escaped query and no Authorization header', async () => {
    const order = (await faulty.createOrderOf(1000)).id;
    for (const path of [
      '/v2/products?page%5Blimit%5D=1',
      '/v2/categories?page%5boffset%5d=0',
      `/v2/orders/${order}/transactions?include=a%2Cb`,
    ]) {
      const res = await faulty.get(path, { token: null });
      expect(res.status, path).toBe(200);
      expect(res.body.data, path).toBeInstanceOf(Array);
    }
  });

  it('refuses the same read spelled plainly, with an invalid token, and a write', async () => {
    expectError(await faulty.get('/v2/products?page[limit]=1', { token: null }), 401);
    expectError(await faulty.get('/v2/products?page%5Blimit%5D=1', { token: 'wrong' }), 401);
    const order = (await faulty.createOrderOf(1000)).id;
    expectError(
      await faulty.post(
        `/v2/orders/${order}/payments?x=%20`,
        { data: { gateway: 'manual', method: 'authorize' } },
        { token: null },
      ),
      401,
    );
  });
});

describe('empty-authorization-served (AUTH-REQUIRED, an empty Authorization header)', () => {
  const faulty = testClient({ faults: ['empty-authorization-served'] });
  const empty = { token: null, headers: { authorization: '' } };

  it('serves reads and writes with an empty Authorization header', async () => {
    expect((await faulty.get('/v2/products', empty)).status).toBe(200);
    const order = (await faulty.createOrderOf(1000)).id;
    const paid = await faulty.post(
      `/v2/orders/${order}/payments`,
      { data: { gateway: 'manual', method: 'authorize' } },
      empty,
    );
    expect(paid.status).toBe(201);
  });

  it('refuses no header, and an invalid token', async () => {
    expectError(await faulty.get('/v2/products', { token: null }), 401);
    expectError(await faulty.get('/v2/products', { token: 'wrong' }), 401);
    expectError(await faulty.get('/v2/products', { token: null, headers: { authorization: 'Bearer' } }), 401);
  });
});

describe('lowercase-scheme-skips-token-check (AUTH-INVALID, any token after "bearer")', () => {
  const faulty = testClient({ faults: ['lowercase-scheme-skips-token-check'] });
  const lower = (token: string) => ({ token: null, headers: { authorization: `bearer ${token}` } });

  it('accepts any token after the scheme in lower case, writes included', async () => {
    expect((await faulty.get('/v2/products', lower('wrong'))).status).toBe(200);
    const order = (await faulty.createOrderOf(1000)).id;
    const paid = await faulty.post(
      `/v2/orders/${order}/payments`,
      { data: { gateway: 'manual', method: 'authorize' } },
      lower('conformance-invalid'),
    );
    expect(paid.status).toBe(201);
  });

  it('refuses an invalid token after "Bearer" or "BEARER", and no token after "bearer"', async () => {
    expectError(await faulty.get('/v2/products', { token: 'wrong' }), 401);
    expectError(
      await faulty.get('/v2/products', { token: null, headers: { authorization: 'BEARER wrong' } }),
      401,
    );
    expectError(await faulty.get('/v2/products', { token: null, headers: { authorization: 'bearer' } }), 401);
    expect((await faulty.get('/v2/products', lower(TEST_TOKEN))).status).toBe(200);
  });
});

/** An order of one product, authorized (manual) and, with `captured`, captured; its transaction's id. */
async function paidTransaction(client: ReturnType<typeof testClient>, captured = false) {
  const order = (await client.createOrderOf(1000)).id as string;
  const txn = (await client.authorize(order)).id as string;
  if (captured)
    expect((await client.post(`/v2/orders/${order}/transactions/${txn}/capture`)).status).toBe(200);
  const state = async () => (await client.transactions(order)).map((t: Json) => t.transaction_type);
  return { action: (name: string) => `/v2/orders/${order}/transactions/${txn}/${name}`, state };
}

describe('invalid-token-capture-anyway (AUTH-INVALID, a capture with an invalid token)', () => {
  const faulty = testClient({ faults: ['invalid-token-capture-anyway'] });

  it('answers 401 to a capture with an invalid token, and captures', async () => {
    for (const headers of [{ authorization: 'Bearer wrong' }, { authorization: 'Basic x' }]) {
      const txn = await paidTransaction(faulty);
      expectError(await faulty.post(txn.action('capture'), undefined, { token: null, headers }), 401);
      expect(await txn.state()).toEqual(['capture']);
    }
  });

  it('captures nothing without a token or with an empty header, and refunds nothing with an invalid token', async () => {
    for (const options of [{ token: null }, { token: null, headers: { authorization: '' } }]) {
      const txn = await paidTransaction(faulty);
      expectError(await faulty.post(txn.action('capture'), undefined, options), 401);
      expect(await txn.state()).toEqual(['authorize']);
    }
    const captured = await paidTransaction(faulty, true);
    expectError(await faulty.post(captured.action('refund'), undefined, { token: 'wrong' }), 401);
    expect(await captured.state()).toEqual(['capture']);
  });
});

describe('invalid-token-capture-late (AUTH-INVALID, a capture with an invalid token, carried out later)', () => {
  const faulty = testClient({ faults: ['invalid-token-capture-late'] });

  it(`answers 401 and changes nothing at once, then captures ${LATE_CAPTURE_MS} ms later`, async () => {
    const txn = await paidTransaction(faulty);
    expectError(await faulty.post(txn.action('capture'), undefined, { token: 'wrong' }), 401);
    expect(await txn.state()).toEqual(['authorize']);
    await new Promise((resolve) => setTimeout(resolve, LATE_CAPTURE_MS + 100));
    expect(await txn.state()).toEqual(['capture']);
  });

  it('never captures what was sent without a token', async () => {
    const txn = await paidTransaction(faulty);
    expectError(await faulty.post(txn.action('capture'), undefined, { token: null }), 401);
    await new Promise((resolve) => setTimeout(resolve, LATE_CAPTURE_MS + 100));
    expect(await txn.state()).toEqual(['authorize']);
  });
});

describe('missing-token-refund-anyway (AUTH-REQUIRED, a refund without credentials)', () => {
  const faulty = testClient({ faults: ['missing-token-refund-anyway'] });

  it('answers 401 to a refund without a token or with an empty header, and refunds', async () => {
    for (const options of [{ token: null }, { token: null, headers: { authorization: '' } }]) {
      const txn = await paidTransaction(faulty, true);
      expectError(await faulty.post(txn.action('refund'), undefined, options), 401);
      expect(await txn.state()).toEqual(['refund']);
    }
  });

  it('refunds nothing with an invalid token, and captures nothing without one', async () => {
    const captured = await paidTransaction(faulty, true);
    expectError(await faulty.post(captured.action('refund'), undefined, { token: 'wrong' }), 401);
    expect(await captured.state()).toEqual(['capture']);
    const authorized = await paidTransaction(faulty);
    expectError(await faulty.post(authorized.action('capture'), undefined, { token: null }), 401);
    expect(await authorized.state()).toEqual(['authorize']);
  });
});

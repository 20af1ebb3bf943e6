import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { expectError, testClient } from '../../../test-support/reference/client.ts';

describe('non-uuid-order-id-crashes (HTTP-NO-5XX, order ids that are not UUIDs)', () => {
  const faulty = testClient({ faults: ['non-uuid-order-id-crashes'] });

  it('answers 500 for an order id that is not a UUID, on every order route', async () => {
    for (const [method, path] of [
      ['GET', '/v2/orders/abc'],
      ['GET', '/v2/orders/abc/transactions'],
      ['POST', '/v2/orders/12345/payments'],
      ['POST', `/v2/orders/not-a-uuid/transactions/${randomUUID()}/capture`],
      ['POST', `/v2/orders/${randomUUID().toUpperCase()}x/transactions/${randomUUID()}/refund`],
      ['POST', `/v2/orders/%C3%A9/transactions/${randomUUID()}/confirm`],
    ] as const) {
      expect((await faulty.request(method, path)).status, `${method} ${path}`).toBe(500);
    }
  });

  it('answers a UUID order id, and any request without a token, as the clean server does', async () => {
    expectError(await faulty.get(`/v2/orders/${randomUUID()}/transactions`), 404);
    expectError(await faulty.get('/v2/orders/abc/transactions', { token: null }), 401);
    expectError(await faulty.get('/v2/integrations/not-a-uuid'), 404);
    expectError(await faulty.post(`/v2/orders/${randomUUID()}/transactions/not-a-uuid/refund`), 404);
  });
});

describe('query-on-plain-read-crashes (HTTP-NO-5XX, a query string on reads that take none)', () => {
  const faulty = testClient({ faults: ['query-on-plain-read-crashes'] });

  it('answers 500 to any query parameter on the two reads, and as usual without one', async () => {
    const orderId = (await faulty.createOrderOf(1999)).id;
    for (const path of [`/v2/integrations/${randomUUID()}`, `/v2/orders/${orderId}/transactions`]) {
      expect((await faulty.get(`${path}?x=1`)).status, path).toBe(500);
      expect((await faulty.get(`${path}?page[limit]=1`)).status, path).toBe(500);
      expect((await faulty.get(path)).status, path).toBeLessThan(500);
    }
    expect((await faulty.get('/v2/categories?x=1')).status).toBe(200);
    expect((await faulty.get(`/v2/orders/${orderId}?x=1`)).status).toBe(200);
  });
});

describe('validation-errors-as-text (HTTP-JSON, 422 validation failures of the §4.1 writes)', () => {
  const faulty = testClient({ faults: ['validation-errors-as-text'] });

  it('answers a body field of the wrong type in plain text, every other error in JSON', async () => {
    const orderId = (await faulty.createOrderOf(1999)).id;
    const typed = await faulty.post(`/v2/orders/${orderId}/payments`, {
      data: { gateway: 123, method: true },
    });
    expect(typed.status).toBe(422);
    expect(String(typed.headers['content-type'])).toMatch(/^text\/plain/);
    expect(typed.text).toMatch(/^Validation Failed: /);

    // Not a validation failure, or not a §4.1 write: JSON as usual.
    expectError(await faulty.post(`/v2/orders/${orderId}/transactions/no-such-transaction/capture`), 404);
    expectError(
      await faulty.request('POST', `/v2/orders/${orderId}/payments`, {
        raw: '{"data":',
        headers: { 'content-type': 'application/json' },
      }),
      400,
    );
    expectError(await faulty.post('/v2/products', { data: { type: 'product' } }), 422);
  });
});

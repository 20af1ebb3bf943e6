import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { onBoth, type RequestOptions, type TestClient } from '../../test-support/reference/client.ts';
import { specTemplate } from './methods.ts';

/** Status, Content-Type (its media type) and whether a JSON `data` came back, of each request. */
async function answers(client: TestClient, requests: [string, string, RequestOptions?][]) {
  const out = [];
  for (const [method, url, options] of requests) {
    const res = await client.request(method, url, options);
    out.push([
      res.status,
      String(res.headers['content-type'] ?? '').split(';')[0],
      res.body?.data !== undefined,
    ]);
  }
  return out;
}

const NONE = { token: null };
const WRONG = { token: 'wrong-token' };

describe('specTemplate', () => {
  it('names the path template of §4 a path matches, query or not', () => {
    expect(specTemplate('/v2/products?page[limit]=1')).toBe('/v2/products');
    expect(specTemplate('/v2/orders/o-1/transactions/t-1/refund')).toBe(
      '/v2/orders/:orderId/transactions/:transactionId/refund',
    );
    expect(specTemplate('/v2/products/p-1')).toBeUndefined();
    expect(specTemplate('/v2/categoriesx')).toBeUndefined();
  });
});

describe('head-skips-auth (AUTH-REQUIRED, HEAD without credentials)', () => {
  it('answers HEAD 200 without a token or with an invalid one; GET is still refused', async () => {
    const { clean, faulty } = await onBoth('head-skips-auth', (client) =>
      answers(client, [
        ['HEAD', '/v2/products', NONE],
        ['HEAD', '/v2/categories', WRONG],
        ['GET', '/v2/products', NONE],
        ['HEAD', '/v2/products'],
      ]),
    );
    expect(clean.map(([status]) => status)).toEqual([401, 401, 401, 200]);
    expect(faulty.map(([status]) => status)).toEqual([200, 200, 401, 200]);
  });
});

describe('options-crashes-on-id-paths (HTTP-NO-5XX, OPTIONS on a path with an id)', () => {
  it('answers 500 on the id paths of §4, with or without a token', async () => {
    const { clean, faulty } = await onBoth('options-crashes-on-id-paths', (client) =>
      answers(client, [
        ['OPTIONS', `/v2/integrations/${randomUUID()}`],
        ['OPTIONS', `/v2/orders/${randomUUID()}/transactions/${randomUUID()}/capture`, NONE],
        ['OPTIONS', '/v2/products'],
      ]),
    );
    expect(clean.map(([status]) => status)).toEqual([204, 401, 204]);
    expect(faulty.map(([status]) => status)).toEqual([500, 500, 204]);
  });
});

describe('options-allow-as-text (HTTP-JSON, OPTIONS with the token)', () => {
  it('answers the allowed methods in text/plain', async () => {
    const { clean, faulty } = await onBoth('options-allow-as-text', async (client) => {
      const res = await client.request('OPTIONS', '/v2/categories');
      return [
        res.status,
        String(res.headers['content-type']).split(';')[0],
        res.text.slice(0, 9),
        (await client.request('OPTIONS', '/v2/categories', NONE)).status,
      ];
    });
    expect(clean).toEqual([204, 'undefined', '', 401]);
    expect(faulty).toEqual([200, 'text/plain', 'GET, HEAD', 401]);
  });
});

describe('put-patch-not-implemented-500 (HTTP-NO-5XX, PUT and PATCH on the paths of §4)', () => {
  it('answers 500 with the token, 401 without', async () => {
    const { clean, faulty } = await onBoth('put-patch-not-implemented-500', (client) =>
      answers(client, [
        ['PUT', '/v2/categories'],
        ['PATCH', `/v2/integrations/${randomUUID()}`],
        ['PATCH', '/v2/products', NONE],
        ['PUT', '/v2/products/x'],
      ]),
    );
    expect(clean.map(([status]) => status)).toEqual([405, 405, 401, 405]);
    expect(faulty.map(([status]) => status)).toEqual([500, 500, 401, 405]);
  });
});

describe('unrouted-methods-served-as-get (AUTH-REQUIRED, other methods on a read path)', () => {
  it('answers PATCH and PROPFIND without credentials with the data of the GET', async () => {
    const { clean, faulty } = await onBoth('unrouted-methods-served-as-get', async (client) => {
      const category = await client.createCategory();
      return answers(client, [
        ['PATCH', '/v2/products', NONE],
        ['PROPFIND', `/v2/categories/${category.id}`, WRONG],
        ['PATCH', `/v2/orders/${randomUUID()}/payments`, NONE],
        ['DELETE', '/v2/products', NONE],
      ]);
    });
    expect(clean).toEqual([
      [401, 'application/json', false],
      [401, 'application/json', false],
      [401, 'application/json', false],
      [401, 'application/json', false],
    ]);
    expect(faulty).toEqual([
      [200, 'application/json', true],
      [200, 'application/json', true],
      [401, 'application/json', false],
      [401, 'application/json', false],
    ]);
  });
});

describe('method-not-allowed-as-text (HTTP-JSON, a method the path does not take)', () => {
  it('answers 405 in text/plain, whatever the credentials; routed methods as usual', async () => {
    const { clean, faulty } = await onBoth('method-not-allowed-as-text', (client) =>
      answers(client, [
        ['PUT', '/v2/categories'],
        ['POST', `/v2/orders/${randomUUID()}/transactions`, NONE],
        ['GET', `/v2/orders/${randomUUID()}/payments`],
        ['GET', '/v2/products'],
        ['OPTIONS', '/v2/products'],
      ]),
    );
    expect(clean).toEqual([
      [405, 'application/json', false],
      [401, 'application/json', false],
      [405, 'application/json', false],
      [200, 'application/json', true],
      [204, '', false],
    ]);
    expect(faulty).toEqual([
      [405, 'text/plain', false],
      [405, 'text/plain', false],
      [405, 'text/plain', false],
      [200, 'application/json', true],
      [204, '', false],
    ]);
  });
});

describe('options-bearer-served-as-get (AUTH-INVALID, OPTIONS with an invalid token)', () => {
  it('answers the GET, data included, to any Bearer token; a preflight and no header are refused', async () => {
    const { clean, faulty } = await onBoth('options-bearer-served-as-get', (client) =>
      answers(client, [
        ['OPTIONS', '/v2/products', WRONG],
        ['OPTIONS', '/v2/products', NONE],
        ['OPTIONS', '/v2/products', { ...WRONG, headers: { 'access-control-request-method': 'GET' } }],
      ]),
    );
    expect(clean.map(([status]) => status)).toEqual([401, 401, 401]);
    expect(faulty).toEqual([
      [200, 'application/json', true],
      [401, 'application/json', false],
      [401, 'application/json', false],
    ]);
  });
});

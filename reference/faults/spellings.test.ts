import { request } from 'node:http';
import { describe, expect, it } from 'vitest';
import { type Json, onBoth } from '../../test-support/reference/client.ts';
import { startReferenceServer } from '../server.ts';

/** The status of a GET sent over loopback with these headers, their names as written (inject lower-cases them). */
function statusOver(url: string, headers: Record<string, string>): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('authorization-name-case-skips-token-check (AUTH-INVALID, the header name in another case)', () => {
  it('accepts an invalid token under any name but "Authorization"', async () => {
    const statuses = async (faults: string[]) => {
      const server = await startReferenceServer({ faults });
      try {
        const url = `${server.url}/v2/products`;
        return [
          await statusOver(url, { Authorization: 'Bearer wrong' }),
          await statusOver(url, { authorization: 'Bearer wrong' }),
          await statusOver(url, { AUTHORIZATION: 'Bearer wrong' }),
          await statusOver(url, { authorization: `Bearer ${server.token}` }),
          await statusOver(url, {}),
        ];
      } finally {
        await server.close();
      }
    };
    expect(await statuses([])).toEqual([401, 401, 401, 200, 401]);
    expect(await statuses(['authorization-name-case-skips-token-check'])).toEqual([401, 200, 200, 200, 401]);
  });
});

describe('json-charset-capture-body-ignored (TXN-CAPTURE-REF, Content-Type with parameters)', () => {
  it('captures without the reference sent as application/json; charset=utf-8', async () => {
    const { clean, faulty } = await onBoth('json-charset-capture-body-ignored', async (client) => {
      const capture = async (contentType: string) => {
        const order = await client.createOrderOf(1999);
        const txn = await client.authorize(order.id);
        const res = await client.post(`/v2/orders/${order.id}/transactions/${txn.id}/capture`, undefined, {
          raw: JSON.stringify({ data: { custom_reference: 'ref-1' } }),
          headers: { 'content-type': contentType },
        });
        return [res.status, res.body.data.transaction_type, res.body.data.custom_reference];
      };
      return [await capture('application/json'), await capture('application/json; charset=utf-8')];
    });
    expect(clean).toEqual([
      [200, 'capture', 'ref-1'],
      [200, 'capture', 'ref-1'],
    ]);
    expect(faulty).toEqual([
      [200, 'capture', 'ref-1'],
      [200, 'capture', undefined],
    ]);
  });
});

describe('repeated-offset-meta-from-first (PAGE-OFFSET, page[offset] given twice)', () => {
  it('serves the last offset and reports the first (the clean server refuses the repetition)', async () => {
    const { clean, faulty } = await onBoth('repeated-offset-meta-from-first', async (client) => {
      const ids: string[] = [];
      for (let i = 0; i < 5; i += 1) ids.push((await client.createProduct()).id);
      const page = async (query: string) => {
        const res = await client.get(`/v2/products?page[limit]=2&${query}`);
        return res.status === 200
          ? { records: res.body.data.map((p: Json) => ids.indexOf(p.id)), offset: res.body.meta.page.offset }
          : res.status;
      };
      return [await page('page[offset]=2'), await page('page[offset]=0&page[offset]=2')];
    });
    expect(clean).toEqual([{ records: [2, 3], offset: 2 }, 400]);
    expect(faulty).toEqual([
      { records: [2, 3], offset: 2 },
      { records: [2, 3], offset: 0 },
    ]);
  });
});

describe('malformed-escape-crashes (HTTP-NO-5XX, a malformed percent-escape in the query)', () => {
  it('answers 500 to %zz and a truncated UTF-8 escape on the reads of §4', async () => {
    const { clean, faulty } = await onBoth('malformed-escape-crashes', async (client) => {
      const category = await client.createCategory();
      const statuses = [];
      for (const url of [
        '/v2/products?include=categories',
        '/v2/products?include=%zz',
        `/v2/categories/${category.id}?include=products%E0%A4`,
        '/v2/categories?page[limit]=5&x=%',
      ])
        statuses.push((await client.get(url)).status);
      statuses.push((await client.get('/v2/products?include=%zz', { token: null })).status);
      return statuses;
    });
    expect(clean).toEqual([200, 200, 200, 200, 401]);
    expect(faulty).toEqual([200, 500, 500, 500, 401]);
  });
});

describe('scheme-case-folds-token (AUTH-INVALID, scheme and token in another case)', () => {
  it('accepts the token in another case after a scheme not spelt "Bearer"', async () => {
    const { clean, faulty } = await onBoth('scheme-case-folds-token', async (client) => {
      const statuses = [];
      for (const header of [
        'bearer TEST-TOKEN',
        'BEARER Test-Token',
        'Bearer TEST-TOKEN',
        'bearer test-token',
      ])
        statuses.push(
          (await client.get('/v2/products', { token: null, headers: { authorization: header } })).status,
        );
      return statuses;
    });
    expect(clean).toEqual([401, 401, 401, 200]);
    expect(faulty).toEqual([200, 200, 401, 200]);
  });
});

describe('include-read-from-first-param-only (INC-PRODUCTS, include after another parameter)', () => {
  it('answers no included section when include is not the first parameter', async () => {
    const { clean, faulty } = await onBoth('include-read-from-first-param-only', async (client) => {
      const category = await client.createCategory();
      const product = await client.createProduct();
      await client.link(product.id, [category.id]);
      const included = async (query: string) =>
        (await client.get(`/v2/categories/${category.id}?${query}`)).body.included?.products?.length;
      return [await included('include=products'), await included('cache=1&include=products')];
    });
    expect(clean).toEqual([1, 1]);
    expect(faulty).toEqual([1, undefined]);
  });
});

describe('bare-query-key-crashes (HTTP-NO-5XX, a query part without "=")', () => {
  it('answers 500 to ?include and to an empty part', async () => {
    const { clean, faulty } = await onBoth('bare-query-key-crashes', async (client) => {
      const statuses = [];
      for (const url of [
        '/v2/products?include=',
        '/v2/products?include',
        '/v2/categories?page[limit]=1&&page[offset]=0',
      ])
        statuses.push((await client.get(url)).status);
      return statuses;
    });
    expect(clean).toEqual([200, 200, 200]);
    expect(faulty).toEqual([200, 500, 500]);
  });
});

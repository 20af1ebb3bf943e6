import { describe, expect, it } from 'vitest';
import { expectError, productData, testClient } from '../../test-support/reference/client.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

describe('bodies that cannot be read (error table, never 5xx)', () => {
  const client = testClient();

  it('malformed JSON is 400 MALFORMED_JSON', async () => {
    const res = await client.request('POST', '/v2/products', { raw: '{"data": ', headers: JSON_HEADERS });
    expectError(res, 400, /not valid JSON/);
    expect(res.body.errors[0].title).toBe('Malformed JSON');
  });

  it('a __proto__ key is refused as malformed JSON', async () => {
    const res = await client.request('POST', '/v2/categories', {
      raw: '{"data":{"__proto__":{"polluted":true}}}',
      headers: JSON_HEADERS,
    });
    expectError(res, 400);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ['text/plain', 'hello'],
    ['application/x-www-form-urlencoded', 'a=b'],
    ['application/xml', '<a/>'],
    ['multipart/form-data; boundary=x', '--x--'],
    [';;;', '{}'],
  ])('Content-Type %s is 415', async (contentType, raw) => {
    const res = await client.request('POST', '/v2/products', {
      raw,
      headers: { 'content-type': contentType },
    });
    expectError(res, 415, /not supported/);
  });

  it('a body without Content-Type is 415', async () => {
    const res = await client.request('POST', '/v2/products', {
      raw: JSON.stringify({ data: productData() }),
      headers: { 'transfer-encoding': 'chunked' },
    });
    expectError(res, 415);
  });

  it('a body over 1 MiB is 413', async () => {
    const data = { ...productData(), description: 'x'.repeat(1024 * 1024) };
    const res = await client.post('/v2/products', { data });
    expectError(res, 413);
  });

  it('a Content-Length that does not match the body is 400', async () => {
    const res = await client.request('POST', '/v2/products', {
      raw: '{}',
      headers: { ...JSON_HEADERS, 'content-length': '10' },
    });
    expectError(res, 400);
  });

  it.each([
    ['no body at all', undefined, /request body is required/],
    ['an empty JSON body', '', /request body is required/],
    ['null', 'null', /must be a JSON object, not null/],
    ['an array', '[]', /must be a JSON object, not an array/],
    ['a string', '"product"', /must be a JSON object, not a string/],
    ['a number', '42', /must be a JSON object, not a number/],
    ['data: null', '{"data":null}', /^data must be a JSON object, not null/],
    ['data: []', '{"data":[]}', /^data must be a JSON object, not an array/],
    ['deeply nested arrays', `${'['.repeat(50_000)}${']'.repeat(50_000)}`, /not an array/],
  ])('%s on a create is 422 naming the problem', async (_name, raw, detail) => {
    const res = await client.request('POST', '/v2/products', {
      ...(raw === undefined ? {} : { raw, headers: JSON_HEADERS }),
    });
    expectError(res, 422, detail);
  });

  it('none of these created anything', async () => {
    const res = await client.get('/v2/products');
    expect(res.body.meta.results.total).toBe(0);
  });
});

describe('URLs and query strings', () => {
  const client = testClient();

  it('a badly percent-encoded path is 400', async () => {
    expectError(await client.get('/v2/products/%E0%A4%A'), 400, /percent-encoded/);
  });

  it('an over-long id is 404', async () => {
    expectError(await client.get(`/v2/integrations/${'a'.repeat(5000)}`), 404);
  });

  it.each([
    '/v2/products/not-a-uuid',
    '/v2/products/..%2F..%2Fetc',
    '/v2/categories/%00',
    '/v2/integrations/00000000-0000-0000-0000-000000000000',
    '/v2/orders/%20',
  ])('GET %s is 404', async (url) => {
    expectError(await client.get(url), 404);
  });

  it.each([
    '/v2/products?include=%E0%A4%A',
    '/v2/products?&&&=&=',
    '/v2/products?__proto__=x&constructor=y&include[]=x',
    '/v2/products?page=1',
    '/v2/products?page[limit]',
    '/v2/categories?include=products,products',
  ])('odd query strings never answer 5xx: %s', async (url) => {
    const res = await client.get(url);
    expect(res.status).toBeLessThan(500);
    expect(String(res.headers['content-type'])).toMatch(/^application\/json/);
  });
});

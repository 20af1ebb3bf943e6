import { get } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TEST_TOKEN, testClient } from '../../../test-support/reference/client.ts';
import { startReferenceServer } from '../../server.ts';

describe('json-suffix-media-type', () => {
  it('says application/vnd.api+json on JSON answers', async () => {
    const res = await testClient({ variants: ['json-suffix-media-type'] }).get('/v2/categories');
    expect(res.headers['content-type']).toBe('application/vnd.api+json; charset=utf-8');
    expect(res.body.data).toBeInstanceOf(Array);
  });
});

describe('gzip-answers', () => {
  it('compresses an answer for a client that accepts gzip, and only then', async () => {
    const client = testClient({ variants: ['gzip-answers'] });
    const zipped = await client.app.inject({
      method: 'GET',
      url: '/v2/categories',
      headers: { authorization: `Bearer ${TEST_TOKEN}`, 'accept-encoding': 'gzip, deflate' },
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(zipped.rawPayload).toString()).data).toBeInstanceOf(Array);
    const plain = await client.get('/v2/categories');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.data).toBeInstanceOf(Array);
  });
});

describe('uppercase-uuids', () => {
  it('writes ids in upper case and finds records by ids in any case', async () => {
    const client = testClient({ variants: ['uppercase-uuids'] });
    const category = await client.createCategory();
    expect(category.id).toBe(category.id.toUpperCase());
    const read = await client.get(`/v2/categories/${category.id.toLowerCase()}`);
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(category.id);
  });
});

describe('links-offset-first', () => {
  it('puts page[offset] first in the listing links, brackets encoded, and keeps relative links relative', async () => {
    const links = (await testClient({ variants: ['links-offset-first'] }).get('/v2/categories?page[limit]=2'))
      .body.links;
    expect(links.current).toMatch(/\?page%5Boffset%5D=0&page%5Blimit%5D=2$/);
    const relative = (
      await testClient({ variants: ['links-offset-first', 'relative-listing-links'] }).get('/v2/categories')
    ).body.links;
    expect(relative.first).toMatch(/^\/v2\/categories\?page%5Boffset%5D=0&page%5Blimit%5D=\d+$/);
  });
});

describe('actions-201', () => {
  it('answers a capture with 201', async () => {
    const client = testClient({ variants: ['actions-201'] });
    const order = await client.createOrderOf(1000);
    const txn = await client.authorize(order.id);
    const res = await client.post(`/v2/orders/${order.id}/transactions/${txn.id}/capture`);
    expect(res.status).toBe(201);
    expect(res.body.data.transaction_type).toBe('capture');
  });
});

describe('media-type-parameters', () => {
  it('writes the JSON media type in upper case with a quoted parameter, after json-suffix-media-type too', async () => {
    const res = await testClient({ variants: ['media-type-parameters'] }).get('/v2/categories');
    expect(res.headers['content-type']).toBe('APPLICATION/JSON;Charset="UTF-8"');
    expect(res.body.data).toBeInstanceOf(Array);
    const both = testClient({ variants: ['json-suffix-media-type', 'media-type-parameters'] });
    expect((await both.get('/v2/categories')).headers['content-type']).toBe(
      'APPLICATION/VND.API+JSON;Charset="UTF-8"',
    );
  });
});

describe('chunked-answers', () => {
  /** The headers and the body, decoded from gzip if it is, of a read of the categories over a socket. */
  const read = (url: string, headers: Record<string, string>) =>
    new Promise<{ headers: Record<string, unknown>; body: string }>((resolve, reject) => {
      get(
        `${url}/v2/categories`,
        { headers: { authorization: `Bearer ${TEST_TOKEN}`, ...headers } },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => {
            const bytes = Buffer.concat(chunks);
            const body = res.headers['content-encoding'] === 'gzip' ? gunzipSync(bytes) : bytes;
            resolve({ headers: res.headers, body: body.toString() });
          });
        },
      ).on('error', reject);
    });

  it('sends answers in chunks without Content-Length, compressed ones too', async () => {
    const server = await startReferenceServer({
      port: 0,
      token: TEST_TOKEN,
      variants: ['gzip-answers', 'chunked-answers'],
    });
    try {
      for (const accept of ['identity', 'gzip']) {
        const { headers, body } = await read(server.url, { 'accept-encoding': accept });
        expect(headers['transfer-encoding'], accept).toBe('chunked');
        expect(headers['content-length'], accept).toBeUndefined();
        expect(headers['content-encoding'], accept).toBe(accept === 'gzip' ? 'gzip' : undefined);
        expect(JSON.parse(body).data, accept).toBeInstanceOf(Array);
      }
    } finally {
      await server.close();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { expectError, type Json, testClient } from '../../test-support/reference/client.ts';

function offsetOf(link: string): number {
  return Number(new URL(link).searchParams.get('page[offset]'));
}

function limitOf(link: string): number {
  return Number(new URL(link).searchParams.get('page[limit]'));
}

describe('listing envelope (§2.5)', () => {
  // 25 demo products in 3 categories.
  const client = testClient({ demoProducts: 25 });

  it('pages products: data, absolute links, meta', async () => {
    const res = await client.get('/v2/products?page[limit]=10&page[offset]=10');
    expect(res.status).toBe(200);
    expect(res.body.data.map((p: Json) => p.name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Demo product ${i + 11}`),
    );
    expect(res.body.links).toEqual({
      current: 'http://ref.test:4010/v2/products?page[limit]=10&page[offset]=10',
      first: 'http://ref.test:4010/v2/products?page[limit]=10&page[offset]=0',
      last: 'http://ref.test:4010/v2/products?page[limit]=10&page[offset]=20',
      prev: 'http://ref.test:4010/v2/products?page[limit]=10&page[offset]=0',
      next: 'http://ref.test:4010/v2/products?page[limit]=10&page[offset]=20',
    });
    expect(res.body.meta).toEqual({
      page: { limit: 10, offset: 10, current: 2, total: 3 },
      results: { total: 25 },
    });
  });

  it('has prev null on the first page and next null on the last', async () => {
    const first = await client.get('/v2/products?page[limit]=10');
    expect(first.body.links.prev).toBeNull();
    expect(offsetOf(first.body.links.next)).toBe(10);
    const last = await client.get('/v2/products?page[limit]=10&page[offset]=20');
    expect(last.body.data).toHaveLength(5);
    expect(last.body.links.next).toBeNull();
    expect(offsetOf(last.body.links.prev)).toBe(10);
  });

  it('counts categories with meta.results.all', async () => {
    const res = await client.get('/v2/categories?page[limit]=2');
    expect(res.body.data).toHaveLength(2);
    expect(res.body.meta).toEqual({
      page: { limit: 2, offset: 0, current: 1, total: 2 },
      results: { total: 3, all: 3 },
    });
    expect(res.body.data[0].relationships.products.data).toHaveLength(10);
    expect(res.body.data[1].name).toBe('Demo category 2');
  });

  it('uses the default page length 100 without page[limit]', async () => {
    const res = await client.get('/v2/products');
    expect(res.body.meta.page).toEqual({ limit: 100, offset: 0, current: 1, total: 1 });
    expect(res.body.data).toHaveLength(25);
    expect(limitOf(res.body.links.current)).toBe(100);
  });

  it('uses the configured default page length', async () => {
    const small = testClient({ demoProducts: 5, defaultPageLimit: 2 });
    const res = await small.get('/v2/products');
    expect(res.body.meta.page.limit).toBe(2);
    expect(res.body.data).toHaveLength(2);
  });

  it('skips page[offset] records, not pages, with an offset that is not a multiple of the limit', async () => {
    const res = await client.get('/v2/products?page[limit]=4&page[offset]=3');
    expect(res.body.data[0].name).toBe('Demo product 4');
    expect(res.body.meta.page).toEqual({ limit: 4, offset: 3, current: 1, total: 7 });
    expect(offsetOf(res.body.links.prev)).toBe(0);
    expect(offsetOf(res.body.links.next)).toBe(7);
  });

  it('following links.next from the first page visits every record once', async () => {
    const seen: string[] = [];
    let url: string | null = '/v2/products?page[limit]=7&include=categories';
    while (url !== null) {
      const res = await client.get(url.replace('http://ref.test:4010', ''));
      expect(res.status).toBe(200);
      seen.push(...res.body.data.map((p: Json) => p.id));
      url = res.body.links.next;
      if (url !== null) {
        // the other query parameters are kept
        expect(new URL(url).searchParams.get('include')).toBe('categories');
      }
    }
    expect(seen).toHaveLength(25);
    expect(new Set(seen).size).toBe(25);
  });

  it('reads the percent-encoded parameter names', async () => {
    const res = await client.get('/v2/products?page%5Blimit%5D=3&page%5Boffset%5D=1');
    expect(res.body.meta.page).toMatchObject({ limit: 3, offset: 1 });
    expect(res.body.data).toHaveLength(3);
  });

  it('answers an empty page past the end with every pagination field', async () => {
    const res = await client.get('/v2/products?page[limit]=10&page[offset]=500');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual([]);
    expect(res.body.meta).toEqual({
      page: { limit: 10, offset: 500, current: 51, total: 3 },
      results: { total: 25 },
    });
    expect(offsetOf(res.body.links.last)).toBe(20);
    expect(res.body.links.next).toBeNull();
  });

  it('answers an empty listing with page total 0 and last at offset 0', async () => {
    const empty = testClient();
    const res = await empty.get('/v2/categories');
    expect(res.body).toEqual({
      data: [],
      links: {
        current: 'http://ref.test:4010/v2/categories?page[limit]=100&page[offset]=0',
        first: 'http://ref.test:4010/v2/categories?page[limit]=100&page[offset]=0',
        last: 'http://ref.test:4010/v2/categories?page[limit]=100&page[offset]=0',
        prev: null,
        next: null,
      },
      meta: { page: { limit: 100, offset: 0, current: 1, total: 0 }, results: { total: 0, all: 0 } },
    });
  });

  it('builds links on the Host header of the request', async () => {
    const res = await client.get('/v2/files', { headers: { host: 'example.org' } });
    expect(res.body.links.first).toBe('http://example.org/v2/files?page[limit]=100&page[offset]=0');
  });
});

describe('page parameters that are refused (§8)', () => {
  const client = testClient({ demoProducts: 3 });
  const listings = ['/v2/products', '/v2/categories', '/v2/orders', '/v2/files'];

  it.each(
    listings.flatMap((path) =>
      [
        'page[limit]=0',
        'page[limit]=-1',
        'page[limit]=abc',
        'page[limit]=1.5',
        'page[limit]=1e2',
        'page[limit]=',
        'page[limit]=%201',
        'page[limit]=1&page[limit]=2',
        'page[offset]=-1',
        'page[offset]=1.0',
        'page[offset]=x',
        'page[offset]=99999999999999999999999',
      ].map((query) => [path, query]),
    ),
  )('%s?%s is 400', async (path, query) => {
    expectError(await client.get(`${path}?${query}`), 400);
  });

  it.each(listings)('%s with page[limit]=101 is 400 (rejected, not clamped)', async (path) => {
    expectError(await client.get(`${path}?page[limit]=101`), 400, /at most 100/);
  });

  it.each(['/v2/orders', '/v2/files'])('%s rejects an offset above 10,000 (hard limit)', async (path) => {
    expectError(await client.get(`${path}?page[offset]=10001`), 400, /at most 10000/);
    expect((await client.get(`${path}?page[offset]=10000`)).status).toBe(200);
  });

  it.each(['/v2/products', '/v2/categories'])(
    '%s serves an offset above 10,000 (soft limit)',
    async (path) => {
      const res = await client.get(`${path}?page[offset]=20000&page[limit]=5`);
      expect(res.status).toBe(200);
      expect(res.body.data).toEqual([]);
      expect(res.body.meta.page).toEqual({ limit: 5, offset: 20000, current: 4001, total: 1 });
    },
  );

  it('accepts page[limit]=100 and page[limit]=1', async () => {
    expect((await client.get('/v2/products?page[limit]=100')).body.data).toHaveLength(3);
    expect((await client.get('/v2/products?page[limit]=1')).body.data).toHaveLength(1);
  });
});

import { describe, expect, it } from 'vitest';
import { type Json, testClient } from '../../../test-support/reference/client.ts';

const page = (limit: number, offset: number) => `/v2/products?page[limit]=${limit}&page[offset]=${offset}`;
/** What two servers with the same demo data answer alike (ids are random): names, links, meta. */
const comparable = (body: Json) => ({
  names: body.data?.map((record: Json) => record.name),
  links: body.links,
  meta: body.meta,
  errors: body.errors,
});

describe('explicit-limit-capped-50 (PAGE-LIMIT, limits 51 to 100)', () => {
  const faulty = testClient({ faults: ['explicit-limit-capped-50'], demoProducts: 60 });
  const clean = testClient({ demoProducts: 60 });

  it('serves an explicit limit from 51 to 100 as 50, with meta and links that say 50', async () => {
    for (const limit of [51, 77, 100]) {
      const res = await faulty.get(`/v2/products?page[limit]=${limit}`);
      expect(res.status).toBe(200);
      expect(res.body.data).toHaveLength(50);
      expect(res.body.meta.page.limit).toBe(50);
      expect(res.body.links.current).toContain('page[limit]=50&');
      expect(res.body.meta.page.total).toBe(2);
    }
  });

  it('answers every other limit, and no limit, as the clean server does', async () => {
    for (const path of [
      '/v2/products?page[limit]=50',
      '/v2/products?page[limit]=1',
      '/v2/products?page[limit]=101',
      '/v2/products',
      '/v2/categories?page[limit]=3',
    ]) {
      const [a, b] = [await faulty.get(path), await clean.get(path)];
      expect(a.status, path).toBe(b.status);
      expect(comparable(a.body), path).toEqual(comparable(b.body));
    }
  });
});

describe('next-from-page-number (PAGE-PREV-NEXT, unaligned last pages)', () => {
  const faulty = testClient({ faults: ['next-from-page-number'], demoProducts: 10 });
  const clean = testClient({ demoProducts: 10 });
  const total = 10;
  /** A last page (offset + limit >= total) not aligned on the limit, with a page boundary inside it. */
  const trigger = (limit: number, offset: number) =>
    offset % limit !== 0 && offset + limit >= total && (Math.floor(offset / limit) + 1) * limit < total;

  it('sets links.next on exactly the triggering pages, and changes nothing on aligned pages', async () => {
    const triggered: string[] = [];
    for (let limit = 1; limit <= 6; limit++) {
      for (let offset = 0; offset <= total + 1; offset++) {
        const [a, b] = [await faulty.get(page(limit, offset)), await clean.get(page(limit, offset))];
        const where = `limit ${limit} offset ${offset}`;
        expect(comparable(a.body).names, where).toEqual(comparable(b.body).names);
        expect(a.body.meta, where).toEqual(b.body.meta);
        if (offset % limit === 0) expect(a.body.links, where).toEqual(b.body.links);
        expect(a.body.links.next === null, where).toBe(b.body.links.next === null && !trigger(limit, offset));
        if (trigger(limit, offset)) triggered.push(where);
      }
    }
    expect(triggered).toContain('limit 4 offset 7');
    expect(triggered).not.toContain('limit 4 offset 9');
  });

  it('names the start of the next page number', async () => {
    const res = await faulty.get(page(4, 7));
    expect(res.body.links.next).toBe('http://ref.test:4010/v2/products?page[limit]=4&page[offset]=8');
  });
});

describe('empty-page-at-total-without-meta (PAGE-META-EMPTY, offset = results.total)', () => {
  const faulty = testClient({ faults: ['empty-page-at-total-without-meta'], demoProducts: 10 });

  it('leaves meta.page out on the page at offset = total only', async () => {
    const atTotal = await faulty.get(page(5, 10));
    expect(atTotal.status).toBe(200);
    expect(atTotal.body.data).toEqual([]);
    expect(atTotal.body.meta.page).toBeUndefined();
    expect(atTotal.body.meta.results.total).toBe(10);
    for (const offset of [9, 11, 110]) {
      expect((await faulty.get(page(5, offset))).body.meta.page, `offset ${offset}`).toMatchObject({
        offset,
        limit: 5,
      });
    }
  });
});

describe('hard-offset-int32-wrap (PAGE-OFFSET-HARD, offsets from 2^31)', () => {
  const faulty = testClient({ faults: ['hard-offset-int32-wrap'] });

  it('serves an offset from 2^31 whose low 32 bits are at most 10,000, and echoes it', async () => {
    for (const offset of [2 ** 31, 2 ** 32 + 5, 2 ** 40]) {
      for (const endpoint of ['/v2/orders', '/v2/files']) {
        const res = await faulty.get(`${endpoint}?page[offset]=${offset}`);
        expect(res.status, `${endpoint} ${offset}`).toBe(200);
        expect(res.body.meta.page.offset).toBe(offset);
      }
    }
  });

  it('still rejects 10,001, 2^31 - 1, and offsets whose low 32 bits are above 10,000', async () => {
    for (const offset of [10_001, 2 ** 31 - 1, 2 ** 32 + 20_000]) {
      expect((await faulty.get(`/v2/orders?page[offset]=${offset}`)).status, `${offset}`).toBe(400);
    }
  });
});

describe('soft-offset-int32-overflow (HTTP-NO-5XX, offsets from 2^31 on categories and products)', () => {
  const faulty = testClient({ faults: ['soft-offset-int32-overflow'] });

  it('answers 500 from 2^31, and a listing below it', async () => {
    for (const endpoint of ['/v2/categories', '/v2/products']) {
      expect((await faulty.get(`${endpoint}?page[offset]=${2 ** 31}`)).status).toBe(500);
      const below = await faulty.get(`${endpoint}?page[offset]=${2 ** 31 - 1}`);
      expect(below.status).toBe(200);
      expect((below.body as Json).data).toEqual([]);
    }
    expect((await faulty.get(`/v2/orders?page[offset]=${2 ** 31}`)).status).toBe(400);
  });
});

describe('later-pages-start-one-early (PAGE-WALK, pages after the first at page lengths of 2 or more)', () => {
  const faulty = testClient({ faults: ['later-pages-start-one-early'], demoProducts: 10 });
  const clean = testClient({ demoProducts: 10 });
  const names = (body: Json) => body.data.map((record: Json) => record.name);

  it('starts a page after the first one record early, with the meta, links and length of the page asked for', async () => {
    for (const [limit, offset] of [
      [2, 2],
      [3, 9],
      [4, 8],
      [9, 9],
      [5, 7],
    ] as const) {
      const where = `limit ${limit} offset ${offset}`;
      const [a, b] = [await faulty.get(page(limit, offset)), await clean.get(page(limit, offset))];
      const before = await clean.get(page(1, offset - 1));
      expect(a.status, where).toBe(200);
      expect(a.body.data, where).toHaveLength(b.body.data.length);
      expect(names(a.body), where).toEqual(
        [...names(before.body), ...names(b.body)].slice(0, b.body.data.length),
      );
      expect(a.body.links, where).toEqual(b.body.links);
      expect(a.body.meta, where).toEqual(b.body.meta);
    }
  });

  it('so a walk at page length 2 repeats a record and never serves the last one', async () => {
    const seen: string[] = [];
    let next: string | null = page(2, 0);
    while (next !== null) {
      const res = await faulty.get(next.replace('http://ref.test:4010', ''));
      seen.push(...names(res.body));
      next = res.body.links.next;
    }
    const all = names((await clean.get(page(100, 0))).body);
    expect(seen).toHaveLength(10);
    expect(new Set(seen).size).toBe(9);
    expect(seen).not.toContain(all[9]);
  });

  it('answers the first page, page length 1, pages before the limit and pages without an explicit limit as the clean server', async () => {
    for (const path of [
      page(2, 0),
      page(50, 0),
      page(1, 5),
      page(1, 9),
      page(2, 1),
      page(3, 2),
      page(100, 0),
      '/v2/products?page[offset]=3',
      '/v2/products',
      '/v2/categories?page[limit]=3&page[offset]=0',
    ]) {
      const [a, b] = [await faulty.get(path), await clean.get(path)];
      expect(a.status, path).toBe(b.status);
      expect(comparable(a.body), path).toEqual(comparable(b.body));
    }
  });
});

describe('page[limit] ignored in some spellings of the query (PAGE-LIMIT)', () => {
  const clean = testClient({ demoProducts: 10 });
  /** The pages of the faulty server that are served at the default length, among `paths`. */
  const served = async (fault: string, paths: readonly string[]) => {
    const faulty = testClient({ faults: [fault], demoProducts: 10 });
    const out: string[] = [];
    for (const path of paths) {
      const [a, b] = [await faulty.get(path), await clean.get(path)];
      expect(a.status, path).toBe(200);
      if (b.body.meta.page.limit === 2 && a.body.meta.page.limit === 100 && a.body.data.length === 10) {
        expect(a.body.links.current, path).toContain('page[limit]=100');
        out.push(path);
      } else expect(comparable(a.body), path).toEqual(comparable(b.body));
    }
    return out;
  };
  const paths = [
    '/v2/products?page[limit]=2&page[offset]=1',
    '/v2/products?page%5Blimit%5D=2&page%5Boffset%5D=0',
    '/v2/products?page[offset]=0&page[limit]=2',
    '/v2/products?page%5Boffset%5D=0&page%5Blimit%5D=2',
    '/v2/products?include=main_image&page[limit]=2',
    '/v2/products?page[limit]=2&include=categories',
    '/v2/categories?include=products&page[limit]=2',
    '/v2/products?page[offset]=0',
  ];

  it('encoded-limit-ignored: only with percent-encoded brackets', async () => {
    expect(await served('encoded-limit-ignored', paths)).toEqual([paths[1], paths[3]]);
  });

  it('limit-ignored-after-offset: only when page[offset] comes first, however spelt', async () => {
    expect(await served('limit-ignored-after-offset', paths)).toEqual([paths[2], paths[3]]);
  });

  it('limit-ignored-with-include: only on /v2/products with include', async () => {
    expect(await served('limit-ignored-with-include', paths)).toEqual([paths[4], paths[5]]);
  });
});

describe('later-pages-start-one-late (PAGE-WALK, pages after the first start one record late)', () => {
  const faulty = testClient({ faults: ['later-pages-start-one-late'], demoProducts: 10 });
  const clean = testClient({ demoProducts: 10 });
  const names = (body: Json) => body.data.map((record: Json) => record.name);

  it('starts a page after the first one record late, with the meta and links of the page asked for', async () => {
    for (const [limit, offset] of [
      [1, 1],
      [2, 2],
      [3, 6],
      [4, 8],
      [9, 9],
    ] as const) {
      const where = `limit ${limit} offset ${offset}`;
      const [a, b] = [await faulty.get(page(limit, offset)), await clean.get(page(limit, offset))];
      const shifted = await clean.get(page(limit, offset + 1));
      expect(a.status, where).toBe(200);
      expect(names(a.body), where).toEqual(names(shifted.body));
      expect(a.body.links, where).toEqual(b.body.links);
      expect(a.body.meta, where).toEqual(b.body.meta);
    }
  });

  it('so a walk never visits the record at the start of the second page', async () => {
    const seen: string[] = [];
    let next: string | null = page(3, 0);
    while (next !== null) {
      const res = await faulty.get(next.replace('http://ref.test:4010', ''));
      seen.push(...names(res.body));
      next = res.body.links.next;
    }
    const all = names((await clean.get(page(100, 0))).body);
    expect(seen).toEqual(all.filter((_: string, i: number) => i !== 3));
  });

  it('answers the first page, pages before the limit and pages without an explicit limit as the clean server', async () => {
    for (const path of [page(3, 0), page(2, 1), page(50, 7), '/v2/products?page[offset]=3', '/v2/products']) {
      const [a, b] = [await faulty.get(path), await clean.get(path)];
      expect(comparable(a.body), path).toEqual(comparable(b.body));
    }
  });
});

describe('next-null-one-record-left (PAGE-PREV-NEXT, links.next null when one record is left)', () => {
  const faulty = testClient({ faults: ['next-null-one-record-left'], demoProducts: 10 });
  const clean = testClient({ demoProducts: 10 });

  it('has no links.next on a page after which exactly one record is left; the rest as the clean server', async () => {
    for (const [limit, offset] of [
      [9, 0],
      [3, 6],
      [4, 5],
      [1, 8],
    ] as const) {
      const res = await faulty.get(page(limit, offset));
      expect(res.body.links.next, `limit ${limit} offset ${offset}`).toBeNull();
      expect((await clean.get(page(limit, offset))).body.links.next).not.toBeNull();
    }
    for (const path of [page(3, 0), page(3, 3), page(2, 6), page(8, 0), page(10, 0), page(1, 9)]) {
      const [a, b] = [await faulty.get(path), await clean.get(path)];
      expect(comparable(a.body), path).toEqual(comparable(b.body));
    }
  });
});

describe('odd-limit-drops-last-record (PAGE-WALK, odd page lengths leave the last record out)', () => {
  const faulty = testClient({ faults: ['odd-limit-drops-last-record'], demoProducts: 10 });
  const clean = testClient({ demoProducts: 10 });
  const names = (body: Json) => body.data.map((record: Json) => record.name);

  it("leaves the listing's last record out of the page that holds it, at an odd page length", async () => {
    for (const [limit, offset] of [
      [3, 9],
      [3, 8],
      [1, 9],
      [11, 0],
      [5, 5],
    ] as const) {
      const [a, b] = [await faulty.get(page(limit, offset)), await clean.get(page(limit, offset))];
      expect(names(a.body), `limit ${limit} offset ${offset}`).toEqual(names(b.body).slice(0, -1));
      expect(a.body.meta).toEqual(b.body.meta);
      expect(a.body.links).toEqual(b.body.links);
    }
  });

  it('answers even page lengths, pages without the last record and pages without a limit as the clean server', async () => {
    for (const path of [
      page(2, 8),
      page(10, 0),
      page(3, 6),
      page(1, 8),
      '/v2/products',
      '/v2/products?page[offset]=9',
    ]) {
      const [a, b] = [await faulty.get(path), await clean.get(path)];
      expect(comparable(a.body), path).toEqual(comparable(b.body));
    }
  });
});

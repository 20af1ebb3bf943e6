import { describe, expect, it } from 'vitest';
import {
  countExpectations,
  type Expectation,
  limitExpectations,
  linkExpectations,
  offsetExpectations,
  prevNextExpectations,
} from './expect.ts';
import { viewPage } from './page.ts';

const BASE = 'https://shop.example.com';

const link = (limit: number, offset: number) => `/v2/categories?page[limit]=${limit}&page[offset]=${offset}`;

/** A correct page of a listing of `total` records. */
function page(total: number, limit: number, offset: number, overrides: Record<string, unknown> = {}) {
  const pages = Math.ceil(total / limit);
  const json = {
    data: Array.from({ length: Math.max(0, Math.min(limit, total - offset)) }, (_, i) => ({
      id: `r${offset + i}`,
    })),
    links: {
      current: link(limit, offset),
      first: link(limit, 0),
      last: link(limit, Math.max(0, (pages - 1) * limit)),
      prev: offset === 0 ? null : link(limit, Math.max(0, offset - limit)),
      next: offset + limit >= total ? null : link(limit, offset + limit),
    },
    meta: {
      page: { limit, offset, current: Math.floor(offset / limit) + 1, total: pages },
      results: { total },
    },
  };
  return viewPage(deepMerge(json, overrides));
}

function deepMerge(
  target: Record<string, unknown>,
  source: Record<string, unknown>,
): Record<string, unknown> {
  const out: Record<string, unknown> = { ...target };
  for (const [key, value] of Object.entries(source)) {
    const current = out[key];
    out[key] =
      value && typeof value === 'object' && !Array.isArray(value) && current && typeof current === 'object'
        ? deepMerge(current as Record<string, unknown>, value as Record<string, unknown>)
        : value;
  }
  return out;
}

const failed = (list: Expectation[]) => list.filter((e) => !e.ok).map((e) => e.expected);

describe('limit and offset', () => {
  it('accepts a correct page', () => {
    expect(failed(limitExpectations(page(10, 3, 3), { limit: 3 }))).toEqual([]);
    expect(failed(offsetExpectations(page(10, 3, 3), { offset: 3 }))).toEqual([]);
  });

  it('finds too many records, a wrong meta.page.limit and a wrong meta.page.offset', () => {
    const tooMany = viewPage({ data: [1, 2, 3, 4], meta: { page: { limit: 4, offset: 1 } } });
    expect(failed(limitExpectations(tooMany, { limit: 3 }))).toEqual([
      'at most 3 records in data (page[limit]=3)',
      'meta.page.limit = 3',
    ]);
    expect(failed(offsetExpectations(tooMany, { offset: 3 }))).toEqual(['meta.page.offset = 3']);
  });
});

describe('linkExpectations', () => {
  it('accepts relative, absolute and percent-encoded links', () => {
    expect(failed(linkExpectations(page(10, 3, 3), { limit: 3, offset: 3 }, BASE))).toEqual([]);
    const absolute = page(10, 3, 3, {
      links: {
        current: `${BASE}/v2/categories?page%5Boffset%5D=3&page%5Blimit%5D=3`,
        first: `${BASE}${link(3, 0)}`,
      },
    });
    expect(failed(linkExpectations(absolute, { limit: 3, offset: 3 }, BASE))).toEqual([]);
  });

  it('finds links without page parameters, a first page not at 0 and a current link elsewhere', () => {
    const bad = page(10, 3, 3, {
      links: { current: link(3, 6), first: link(3, 1), last: '/v2/categories' },
    });
    expect(failed(linkExpectations(bad, { limit: 3, offset: 3 }, BASE))).toEqual([
      'links.last a URL carrying integer page[limit] and page[offset]',
      'links.first with page[offset]=0',
      'links.current with page[offset]=3 (the offset asked for) and page[limit]=3 (the limit used)',
    ]);
    expect(
      failed(linkExpectations(page(10, 3, 0, { links: { first: null } }), { limit: 3, offset: 0 }, BASE)),
    ).toEqual(['links.first a URL carrying integer page[limit] and page[offset]']);
  });
});

describe('prevNextExpectations', () => {
  it('accepts first, middle and last pages, and a one-page listing', () => {
    for (const offset of [0, 3, 6, 9]) {
      expect(
        failed(prevNextExpectations(page(10, 3, offset), { limit: 3, offset }, BASE)),
        `offset ${offset}`,
      ).toEqual([]);
    }
    expect(failed(prevNextExpectations(page(2, 3, 0), { limit: 3, offset: 0 }, BASE))).toEqual([]);
    expect(failed(prevNextExpectations(page(0, 3, 0), { limit: 3, offset: 0 }, BASE))).toEqual([]);
  });

  it('takes the neighbours of an unaligned page in any reading, but never outside it or next null where records follow', () => {
    const readings = [
      { prev: link(2, 0), next: link(2, 3) },
      { prev: link(2, 0), next: link(2, 2) },
      { prev: null, next: link(2, 2) },
    ];
    for (const links of readings) {
      const unaligned = page(10, 2, 1, { links });
      expect(failed(prevNextExpectations(unaligned, { limit: 2, offset: 1 }, BASE))).toEqual([]);
    }
    const outside = page(10, 2, 1, { links: { prev: link(2, -1), next: link(2, 4) } });
    expect(failed(prevNextExpectations(outside, { limit: 2, offset: 1 }, BASE))).toEqual([
      'links.prev null or naming a page before it (0 <= page[offset] < 1)',
      'links.next naming a page after it, within one page (1 < page[offset] <= 3; links.next is set)',
    ]);
    const endNoNext = page(10, 2, 1, { links: { next: null } });
    expect(failed(prevNextExpectations(endNoNext, { limit: 2, offset: 1 }, BASE))).toEqual([]);
    expect(
      failed(prevNextExpectations(endNoNext, { limit: 2, offset: 1 }, BASE, { endReached: false })),
    ).toEqual(['links.next naming a page after it, within one page (1 < page[offset] <= 3; records follow)']);
  });

  it('takes links.prev past the end null or naming a page before it, links.next null', () => {
    for (const prev of [null, link(3, 9), link(3, 0), link(3, 12)]) {
      const past = page(10, 3, 15, { links: { prev } });
      expect(failed(prevNextExpectations(past, { limit: 3, offset: 15 }, BASE)), String(prev)).toEqual([]);
    }
    const empty = page(0, 3, 6, { links: { prev: null } });
    expect(failed(prevNextExpectations(empty, { limit: 3, offset: 6 }, BASE))).toEqual([]);
    const wrong = page(10, 3, 15, { links: { prev: link(3, 18), next: link(3, 18) } });
    expect(failed(prevNextExpectations(wrong, { limit: 3, offset: 15 }, BASE))).toEqual([
      'links.prev null or naming a page before (page[offset] < 15, page[limit]=3): the page lies past the end',
      'links.next null on the last page (offset 15 + limit 3 >= results.total 10)',
    ]);
  });

  it('leaves a null links.next alone on a page that its own meta cannot tell from the last one', () => {
    // A full page ending at the end of 9 records under a results.total of 10 (too high: PAGE-COUNTS's).
    const fullEnd = page(9, 3, 6, { meta: { results: { total: 10 } } });
    expect(failed(prevNextExpectations(fullEnd, { limit: 3, offset: 6 }, BASE))).toEqual([]);
    const noNext = page(10, 3, 3, { links: { next: null } });
    expect(failed(prevNextExpectations(noNext, { limit: 3, offset: 3 }, BASE))).toEqual([]);
    expect(
      failed(prevNextExpectations(noNext, { limit: 3, offset: 3 }, BASE, { endReached: false })),
    ).toEqual(['links.next naming the next page (page[offset]=6, page[limit]=3; records follow)']);
  });

  it('leaves a set links.next alone on a full page that a results.total one too low would end', () => {
    const tooLow = page(10, 3, 6, { meta: { results: { total: 9 } } });
    expect(failed(prevNextExpectations(tooLow, { limit: 3, offset: 6 }, BASE))).toEqual([]);
    const shortEnd = page(8, 3, 6, { links: { next: link(3, 9) } });
    expect(failed(prevNextExpectations(shortEnd, { limit: 3, offset: 6 }, BASE))).toEqual([
      'links.next null on the last page (offset 6 + limit 3 >= results.total 8)',
    ]);
  });

  it('finds prev on the first page, next on the last page, and neighbours at the wrong offset or limit', () => {
    expect(
      failed(
        prevNextExpectations(page(10, 3, 0, { links: { prev: link(3, 0) } }), { limit: 3, offset: 0 }, BASE),
      ),
    ).toEqual(['links.prev null on the first page (offset 0)']);
    expect(
      failed(
        prevNextExpectations(page(10, 3, 9, { links: { next: link(3, 12) } }), { limit: 3, offset: 9 }, BASE),
      ),
    ).toEqual(['links.next null on the last page (offset 9 + limit 3 >= results.total 10)']);
    expect(
      failed(
        prevNextExpectations(
          page(10, 3, 3, { links: { prev: link(3, 1), next: link(4, 6) } }),
          { limit: 3, offset: 3 },
          BASE,
        ),
      ),
    ).toEqual([
      'links.prev naming the previous page (page[offset]=0, page[limit]=3)',
      'links.next naming the next page (page[offset]=6, page[limit]=3; links.next is set)',
    ]);
  });

  it('leaves links.next alone where the page disagrees with results.total', () => {
    // results.total says 11, but the page at 9 holds only the one record left of 10: the total is wrong
    const wrongTotal = page(10, 3, 9, { meta: { results: { total: 11 } } });
    expect(prevNextExpectations(wrongTotal, { limit: 3, offset: 9 }, BASE)).toHaveLength(1);
    expect(failed(prevNextExpectations(wrongTotal, { limit: 3, offset: 9 }, BASE))).toEqual([]);
  });

  it('takes what the caller knows about the end over results.total', () => {
    const wrongTotal = page(9, 3, 6, { meta: { results: { total: 10 } } });
    expect(
      failed(prevNextExpectations(wrongTotal, { limit: 3, offset: 6 }, BASE, { endReached: true })),
    ).toEqual([]);
    // Without it, the page alone cannot tell a wrong total from a missing links.next: left alone.
    expect(failed(prevNextExpectations(wrongTotal, { limit: 3, offset: 6 }, BASE))).toEqual([]);
    const undercount = page(12, 3, 6, { meta: { results: { total: 9 } } });
    expect(
      failed(prevNextExpectations(undercount, { limit: 3, offset: 6 }, BASE, { endReached: false })),
    ).toEqual([]);
    const nullTooEarly = page(12, 3, 6, { links: { next: null } });
    expect(
      failed(prevNextExpectations(nullTooEarly, { limit: 3, offset: 6 }, BASE, { endReached: false })),
    ).toEqual(['links.next naming the next page (page[offset]=9, page[limit]=3; records follow)']);
  });
});

describe('a page that used another limit than asked', () => {
  it("is PAGE-LIMIT's failure only: links and counts are judged with the limit used", () => {
    const used25 = page(100, 25, 25);
    const asked = { limit: 50, offset: 25 };
    expect(failed(limitExpectations(used25, asked))).toEqual(['meta.page.limit = 50']);
    expect(failed(linkExpectations(used25, asked, BASE))).toEqual([]);
    expect(failed(prevNextExpectations(used25, asked, BASE))).toEqual([]);
    expect(failed(countExpectations(used25, asked))).toEqual([]);
  });
});

describe('countExpectations', () => {
  it('accepts correct counts, and leaves meta.page.total open on an empty listing', () => {
    expect(failed(countExpectations(page(10, 3, 9), { limit: 3, offset: 9 }))).toEqual([]);
    expect(failed(countExpectations(page(10, 2, 1), { limit: 2, offset: 1 }))).toEqual([]);
    const empty = page(0, 3, 0, { meta: { page: { total: 1 } } });
    expect(countExpectations(empty, { limit: 3, offset: 0 })).toHaveLength(2);
    expect(failed(countExpectations(empty, { limit: 3, offset: 0 }))).toEqual([]);
  });

  it('finds a total that does not count the records the first page holds, unless the page is too long', () => {
    const low = page(10, 3, 0, { meta: { results: { total: 2 }, page: { total: 1 } } });
    expect(failed(countExpectations(low, { limit: 3, offset: 0 }))).toEqual([
      'meta.results.total at least 3: the first page holds 3 records',
    ]);
    const later = page(10, 3, 6, { meta: { results: { total: 7 }, page: { total: 3 } } });
    expect(failed(countExpectations(later, { limit: 3, offset: 6 })), 'an offset not applied?').toEqual([]);
    const long = page(10, 5, 0, { meta: { page: { limit: 3, total: 4 } } });
    expect(failed(countExpectations(long, { limit: 3, offset: 0 }))).toEqual([]);
  });

  it('finds a wrong page total and current page', () => {
    const bad = page(10, 3, 6, { meta: { page: { total: 3, current: 2 } } });
    expect(failed(countExpectations(bad, { limit: 3, offset: 6 }))).toEqual([
      'meta.page.total = ceil(10 / 3) = 4',
      'meta.page.current = floor(6 / 3) + 1 = 3',
    ]);
  });
});

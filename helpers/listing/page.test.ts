import { describe, expect, it } from 'vitest';
import {
  clamp,
  duplicateIds,
  missingPaginationMeta,
  pagePath,
  parseIntegerParam,
  parsePageLink,
  pathOfLink,
  sameSequence,
  viewPage,
} from './page.ts';

const BASE = 'https://shop.example.com/api';

describe('viewPage', () => {
  it('reads data ids, meta and links', () => {
    const view = viewPage({
      data: [{ id: 'a' }, { id: 'b' }, { name: 'no id' }],
      links: { current: 'c', first: 'f', last: 'l', prev: null, next: 'n' },
      meta: { page: { limit: 3, offset: 0, current: 1, total: 2 }, results: { total: 5 } },
    });
    expect(view.ids).toEqual(['a', 'b', undefined]);
    expect([view.limit, view.offset, view.current, view.pageTotal, view.resultsTotal]).toEqual([
      3, 0, 1, 2, 5,
    ]);
    expect(view.links).toEqual({ current: 'c', first: 'f', last: 'l', prev: null, next: 'n' });
  });

  it('leaves out what is missing or not an integer', () => {
    const view = viewPage({ data: {}, meta: { page: { limit: '3', offset: 1.5 } } });
    expect(view.data).toBeUndefined();
    expect(view.ids).toEqual([]);
    expect(view.limit).toBeUndefined();
    expect(view.offset).toBeUndefined();
    expect(view.links.next).toBeUndefined();
    expect(viewPage(undefined).resultsTotal).toBeUndefined();
    expect(viewPage([1, 2]).data).toBeUndefined();
  });
});

describe('parsePageLink', () => {
  it('reads literal and percent-encoded page parameters', () => {
    const literal = parsePageLink('https://x.test/v2/categories?page[limit]=2&page[offset]=4', BASE);
    expect([literal?.limit, literal?.offset]).toEqual([2, 4]);
    const encoded = parsePageLink('https://x.test/v2/categories?page%5Blimit%5D=2&page%5Boffset%5D=4', BASE);
    expect([encoded?.limit, encoded?.offset]).toEqual([2, 4]);
  });

  it('resolves a relative link against the base URL', () => {
    const link = parsePageLink('/v2/products?page[offset]=0&page[limit]=10&include=main_image', BASE);
    expect(link?.url.origin).toBe('https://shop.example.com');
    expect([link?.limit, link?.offset]).toEqual([10, 0]);
    expect(link && pathOfLink('/v2/products', link)).toBe(
      '/v2/products?page[offset]=0&page[limit]=10&include=main_image',
    );
  });

  it('gives undefined for values that are not links, and undefined numbers for missing parameters', () => {
    expect(parsePageLink(null, BASE)).toBeUndefined();
    expect(parsePageLink(42, BASE)).toBeUndefined();
    expect(parsePageLink('', BASE)).toBeUndefined();
    expect(parsePageLink('http://[bad', BASE)).toBeUndefined();
    const link = parsePageLink('/v2/categories?page[limit]=abc', BASE);
    expect(link?.limit).toBeUndefined();
    expect(link?.offset).toBeUndefined();
  });
});

describe('small helpers', () => {
  it('parseIntegerParam', () => {
    expect(parseIntegerParam('12')).toBe(12);
    expect(parseIntegerParam('-1')).toBe(-1);
    expect(parseIntegerParam('1.5')).toBeUndefined();
    expect(parseIntegerParam('1e2')).toBeUndefined();
    expect(parseIntegerParam(null)).toBeUndefined();
    expect(parseIntegerParam('99999999999999999999')).toBeUndefined();
  });

  it('pagePath', () => {
    expect(pagePath('/v2/categories', {})).toBe('/v2/categories');
    expect(pagePath('/v2/categories', { limit: 2, offset: 0 })).toBe(
      '/v2/categories?page[limit]=2&page[offset]=0',
    );
    expect(pagePath('/v2/categories', { offset: 'a b' })).toBe('/v2/categories?page[offset]=a%20b');
    expect(pagePath('/v2/products', { limit: 2 }, { include: 'main_image,files' })).toBe(
      '/v2/products?include=main_image,files&page[limit]=2',
    );
    expect(pagePath('/v2/products', {}, { include: 'files' })).toBe('/v2/products?include=files');
  });

  it('missingPaginationMeta', () => {
    expect(
      missingPaginationMeta({
        meta: { page: { limit: 1, offset: 0, current: 1, total: 0 }, results: { total: 0 } },
      }),
    ).toEqual([]);
    expect(missingPaginationMeta({ meta: { page: { limit: 1, offset: '0' } } })).toEqual([
      'meta.page.offset',
      'meta.page.current',
      'meta.page.total',
      'meta.results.total',
    ]);
  });

  it('duplicateIds, sameSequence, clamp', () => {
    expect(duplicateIds(['a', 'b', 'a', undefined, undefined, 'b', 'a'])).toEqual(['a', 'b']);
    expect(sameSequence(['a', 'b'], ['a', 'b'])).toBe(true);
    expect(sameSequence(['a', 'b'], ['b', 'a'])).toBe(false);
    expect(sameSequence(['a'], ['a', 'b'])).toBe(false);
    expect(clamp(0, 1, 100)).toBe(1);
    expect(clamp(250, 1, 100)).toBe(100);
  });
});

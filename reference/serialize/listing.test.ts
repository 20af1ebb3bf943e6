import { describe, expect, it } from 'vitest';
import { paginationLinks, paginationMeta } from './listing.ts';

const at = (offset: number) => `o${offset}`;

describe('paginationLinks and paginationMeta (§2.5)', () => {
  it.each([
    // limit, offset, total → current, first, last, prev, next, page.current, page.total
    [10, 0, 25, 'o0', 'o0', 'o20', null, 'o10', 1, 3],
    [10, 10, 25, 'o10', 'o0', 'o20', 'o0', 'o20', 2, 3],
    [10, 20, 25, 'o20', 'o0', 'o20', 'o10', null, 3, 3],
    [10, 20, 30, 'o20', 'o0', 'o20', 'o10', null, 3, 3],
    [10, 3, 25, 'o3', 'o0', 'o20', 'o0', 'o13', 1, 3],
    [10, 0, 0, 'o0', 'o0', 'o0', null, null, 1, 0],
    [10, 500, 25, 'o500', 'o0', 'o20', 'o490', null, 51, 3],
    [100, 0, 100, 'o0', 'o0', 'o0', null, null, 1, 1],
    [1, 4, 5, 'o4', 'o0', 'o4', 'o3', null, 5, 5],
  ])(
    'limit %i offset %i of %i',
    (limit, offset, total, current, first, last, prev, next, pageCurrent, pageTotal) => {
      expect(paginationLinks({ limit, offset }, total, at)).toEqual({ current, first, last, prev, next });
      expect(paginationMeta({ limit, offset }, total)).toEqual({
        page: { limit, offset, current: pageCurrent, total: pageTotal },
        results: { total },
      });
    },
  );

  it('adds results.all when asked', () => {
    expect(paginationMeta({ limit: 5, offset: 0 }, 7, { withAll: true }).results).toEqual({
      total: 7,
      all: 7,
    });
  });
});

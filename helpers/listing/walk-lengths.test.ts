import { describe, expect, it } from 'vitest';
import { otherWalkLimit, walkLimit } from './walk.ts';

describe('otherWalkLimit', () => {
  it('is total − 1: one full page and a last page of one record', () => {
    expect([3, 4, 5, 10, 50, 101].map(otherWalkLimit)).toEqual([2, 3, 4, 9, 49, 100]);
  });

  it('is 2 for a listing of 1 or 2 records (the whole listing in one page), not the first walk’s 1', () => {
    expect([0, 1, 2].map(otherWalkLimit)).toEqual([2, 2, 2]);
  });

  it('is the maximum of 100 above 101 records, and 99 where the first walk is at 100', () => {
    expect([102, 200, 396].map(otherWalkLimit)).toEqual([100, 100, 100]);
    expect([397, 400, 500, 10_000].map(otherWalkLimit)).toEqual([99, 99, 99, 99]);
  });

  it('always differs from the first walk’s length, within 1 to 100', () => {
    for (let total = 0; total <= 1000; total++) {
      const limit = otherWalkLimit(total);
      expect(limit, `total ${total}`).not.toBe(walkLimit(total));
      expect(limit).toBeGreaterThanOrEqual(1);
      expect(limit).toBeLessThanOrEqual(100);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { ALLOCATION, type AllocationRow, allocate, allowanceOf } from './allocation.ts';

const sum = (shares: Record<string, number>) => Object.values(shares).reduce((a, b) => a + b, 0);

describe('allocate', () => {
  it('gives every exploration of the table a share, adding up to the budget exactly', () => {
    for (const budget of [1, 7, 100, 2000, 2001, 99_999]) {
      const shares = allocate(budget);
      expect(Object.keys(shares).sort()).toEqual(Object.keys(ALLOCATION).sort());
      expect(sum(shares)).toBe(budget);
    }
  });

  it('shares equally across families, then by weight inside a family', () => {
    const table: Record<string, AllocationRow> = {
      a: { family: 'pagination', weight: 1 },
      b: { family: 'pagination', weight: 3 },
      c: { family: 'includes', weight: 1 },
    };
    expect(allocate(200, table)).toEqual({ a: 25, b: 75, c: 100 });
    // Remainders: the first family gets the odd request, and inside it the largest remainder.
    expect(allocate(201, table)).toEqual({ a: 25, b: 76, c: 100 });
  });

  it('is the same on every call (the shares are decided up front, not by scheduling)', () => {
    expect(allocate(2000)).toEqual(allocate(2000));
    expect(allowanceOf('pagination/categories', 2000)).toBe(allocate(2000)['pagination/categories']);
  });
});

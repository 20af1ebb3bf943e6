import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { walkLengths } from './arbitraries.ts';

describe('walkLengths', () => {
  const draw = (total: number) => fc.sample(walkLengths(total), { seed: 7, numRuns: 2000 });

  it('draws page lengths from 1 to 100 only', () => {
    for (const total of [0, 1, 3, 250, 10_000]) {
      for (const limit of draw(total)) {
        expect(Number.isInteger(limit)).toBe(true);
        expect(limit).toBeGreaterThanOrEqual(1);
        expect(limit).toBeLessThanOrEqual(100);
      }
    }
  });

  it('draws small lengths, lengths near the total and the total divided into a few pages often', () => {
    const limits = draw(40);
    const share = (keep: (limit: number) => boolean) => limits.filter(keep).length / limits.length;
    expect(share((l) => l <= 10)).toBeGreaterThan(0.2);
    expect(share((l) => l >= 38 && l <= 41)).toBeGreaterThan(0.2);
    for (const k of [2, 3, 4, 5, 8]) expect(limits, `ceil(40 / ${k})`).toContain(Math.ceil(40 / k));
    expect(share((l) => l > 41)).toBeGreaterThan(0);
  });

  it('draws total − 1 (one full page and a last page of one record) for a small listing', () => {
    expect(draw(3)).toContain(2);
    expect(draw(60)).toContain(59);
  });

  it('shrinks a failing length over the whole range, to the smallest that fails', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const details = fc.check(
        fc.property(walkLengths(63), (limit) => !(limit >= 20 && limit < 63)),
        { seed },
      );
      expect(details.failed, `seed ${seed}`).toBe(true);
      expect(details.counterexample, `seed ${seed}`).toEqual([20]);
    }
  });
});

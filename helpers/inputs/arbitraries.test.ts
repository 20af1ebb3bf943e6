import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { choiceOf, choices, PAGE_CLASSES, PAGE_LENGTH_CLASSES, walkLengths } from './arbitraries.ts';

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

describe('the classes that every seed visits', () => {
  const lengthClass = (fragment: string) =>
    PAGE_LENGTH_CLASSES.find((c) => c.name.includes(fragment)) as (typeof PAGE_LENGTH_CLASSES)[number];

  it('are page lengths of 1 to 100 of the kind each names, for any total', () => {
    for (const total of [0, 1, 2, 3, 7, 12, 13, 99, 100, 101, 5000]) {
      for (const c of PAGE_LENGTH_CLASSES) {
        for (const n of c.values(total)) expect(n, `${c.name}, total ${total}`).toBeGreaterThanOrEqual(1);
        for (const n of c.values(total)) expect(n, `${c.name}, total ${total}`).toBeLessThanOrEqual(100);
      }
      for (const n of lengthClass('divides').values(total)) expect([total % n, total > n]).toEqual([0, true]);
      for (const n of lengthClass('one record').values(total))
        expect([total % n, total > n]).toEqual([1, true]);
      for (const n of lengthClass('small odd').values(total)) expect(n % 2).toBe(1);
      for (const n of lengthClass('small even').values(total)) expect(n % 2).toBe(0);
      for (const n of lengthClass('above').values(total)) expect(n).toBeGreaterThan(total);
    }
    expect(lengthClass('one record').values(12)).toEqual([11]);
    expect(lengthClass('one record').values(13)).toEqual([2, 3, 4, 6, 12]);
    expect(lengthClass('divides').values(13)).toEqual([]);
  });

  it('pick a value by a choice in [0, 1): 0 the first, the whole range covered', () => {
    expect(choiceOf([2, 3, 4], 0)).toBe(2);
    expect(choiceOf([2, 3, 4], 0.5)).toBe(3);
    expect(choiceOf([2, 3, 4], 0.9999)).toBe(4);
    expect(choiceOf([], 0.5)).toBeUndefined();
  });

  it('resolve to pages of the kind each class of offsets names', () => {
    const offsetClass = (fragment: string, total: number, choice: [number, number]) =>
      PAGE_CLASSES.find((c) => c.name.includes(fragment))?.ask(total, choice);
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 300 }), choices(), choices(), (total, a, b) => {
        const start = offsetClass('at the start of a page', total, [a, b]);
        expect(start && start.offset % start.limit).toBe(0);
        expect(start?.offset).toBeLessThan(total);
        const off = offsetClass('not at the start', total, [a, b]);
        if (off)
          expect([off.offset % off.limit !== 0, off.offset < total, off.offset > 0]).toEqual([
            true,
            true,
            true,
          ]);
        expect(offsetClass('the end itself', total, [a, b])?.offset).toBe(total);
        expect(offsetClass('last record', total, [a, b])?.offset).toBe(total - 1);
        expect(offsetClass('past the end', total, [a, b])?.offset).toBeGreaterThan(total);
      }),
    );
  });
});

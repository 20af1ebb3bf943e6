import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { explorationSeed, MAX_SEED, randomSeed, replayCommand } from './profile.ts';

describe('explorationSeed', () => {
  it('is a function of the run seed and the exploration name only', () => {
    expect(explorationSeed(42, 'pagination/products')).toBe(explorationSeed(42, 'pagination/products'));
    expect(explorationSeed(42, 'pagination/products')).not.toBe(explorationSeed(43, 'pagination/products'));
    expect(explorationSeed(42, 'pagination/products')).not.toBe(explorationSeed(42, 'pagination/categories'));
  });

  it('is a non-negative 31-bit integer, so fast-check takes it as is', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_SEED }), fc.string(), (seed, name) => {
        const derived = explorationSeed(seed, name);
        return Number.isInteger(derived) && derived >= 0 && derived <= MAX_SEED;
      }),
    );
  });

  it('gives the same generated inputs for the same seed', () => {
    const draw = (seed: number) => fc.sample(fc.integer({ min: 1, max: 100 }), { seed, numRuns: 20 });
    const seed = explorationSeed(7, 'x');
    expect(draw(seed)).toEqual(draw(seed));
    expect(draw(seed)).not.toEqual(draw(explorationSeed(8, 'x')));
  });
});

describe('profile', () => {
  it('draws random seeds in range and names the replay command', () => {
    const seed = randomSeed();
    expect(seed).toBeGreaterThanOrEqual(0);
    expect(seed).toBeLessThanOrEqual(MAX_SEED);
    expect(replayCommand(12, 'PAGE-LIMIT')).toBe(
      'commerce-conformance --seed 12 --rule PAGE-LIMIT --depth deep',
    );
  });
});

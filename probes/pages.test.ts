import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseQuery } from '../helpers/http/journal.ts';
import { ordinaryPage, type PageParams, pageParams } from '../helpers/listing/params.ts';
import {
  boundaryPages,
  GENERATED_LIMITS,
  generatedPages,
  LIMIT_VALUES,
  type PageRequest,
  pathOf,
} from './pages.ts';

const paramsOf = (r: PageRequest): PageParams => pageParams(parseQuery(pathOf(r).split('?')[1] ?? ''));
/** The rules of the limits that judge a request, as the classifier reads it. */
const limitsOf = (r: PageRequest) => {
  const p = paramsOf(r);
  const hard = r.endpoint === '/v2/orders' || r.endpoint === '/v2/files';
  return {
    maxLimit: p.limit.kind === 'above',
    softOffset: !hard && p.offset.kind === 'above',
    hardOffset: hard && p.offset.kind === 'above',
    badParams: p.limit.kind === 'malformed' || p.offset.kind === 'malformed',
  };
};

describe('boundaryPages', () => {
  it('asks for ordinary pages only, each once, relative to the total', () => {
    for (const total of [0, 1, 3, 10, 250]) {
      const pages = boundaryPages('/v2/categories', total);
      expect(
        pages.every((r) => ordinaryPage(paramsOf(r)) !== undefined),
        `total ${total}`,
      ).toBe(true);
      const asked = pages.map((r) => `${r.limit}/${r.offset}`);
      expect(new Set(asked).size).toBe(asked.length);
    }
    expect(boundaryPages('/v2/categories', 3).map((r) => [r.limit, r.offset])).toEqual([
      [1, 0],
      [100, 0],
      [1, 2],
      [2, 2],
      [3, 0],
      [undefined, 3],
      [100, 3],
      [1, 4],
      [undefined, 10_000],
      [2, 1],
    ]);
  });

  it('gives an include value to some products pages only (spellings come from the catalogue, in flight)', () => {
    const paths = boundaryPages('/v2/products', 10).map(pathOf);
    expect(paths.some((p) => p.includes('include=') && p.includes('page[limit]='))).toBe(true);
    expect(paths.some((p) => !p.includes('include='))).toBe(true);
    expect(boundaryPages('/v2/categories', 10).some((r) => r.include !== undefined)).toBe(false);
  });
});

describe('the values beyond the limits', () => {
  it('each exceed the limit they are listed under, and none is both malformed and above the soft limit', () => {
    for (const [key, requests] of Object.entries(LIMIT_VALUES)) {
      for (const r of requests) {
        const limits = limitsOf(r);
        expect(limits[key as keyof typeof limits], `${key}: ${pathOf(r)}`).toBe(true);
        expect(limits.badParams && limits.softOffset, pathOf(r)).toBe(false);
        expect(paramsOf(r).ambiguous).toBeUndefined();
      }
    }
  });

  it('are generated so in the deep profile too, and generated pages are ordinary', () => {
    for (const [key, arbitrary] of Object.entries(GENERATED_LIMITS)) {
      for (const r of fc.sample(arbitrary, { seed: 3, numRuns: 200 })) {
        expect(limitsOf(r)[key as keyof ReturnType<typeof limitsOf>], `${key}: ${pathOf(r)}`).toBe(true);
      }
    }
    for (const r of fc.sample(generatedPages('/v2/products', 40), { seed: 3, numRuns: 200 })) {
      expect(ordinaryPage(paramsOf(r)), pathOf(r)).toBeDefined();
    }
  });
});

import { describe, expect, it } from 'vitest';
import { exchangeOf } from '../../test-support/judge/exchange.ts';
import type { ApiResponse } from '../http/response.ts';
import { DESCRIBED, described } from './pair.ts';

/** A listing answer holding the records `ids`, whose meta.page.offset is `offset`. */
const page = (ids: string[], offset: number) =>
  exchangeOf('GET', '/v2/categories', 200, {
    data: ids.map((id) => ({ id })),
    meta: { page: { offset } },
  }).response as ApiResponse;

describe('described', () => {
  const a = page(['r0', 'r1', 'r2', 'r3'], 0);
  it('takes a page holding the records at the offset its meta says, as far as page A shows them', () => {
    expect(described(a, page(['r1', 'r2', 'r3'], 1), DESCRIBED.alone)).toEqual([]);
    expect(described(a, page(['r2', 'r3', 'r4', 'r5'], 2), DESCRIBED.alone)).toEqual([]);
  });

  it('fails one served from another offset than its meta says', () => {
    expect(described(a, page(['r0', 'r1', 'r2'], 1), DESCRIBED.alone)).toEqual([
      expect.stringContaining('page[offset]=1 answered meta.page.offset 1 and the ids ["r0","r1","r2"]'),
    ]);
  });
});

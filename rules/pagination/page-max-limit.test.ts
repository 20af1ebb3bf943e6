import { describe, expect, it } from 'vitest';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import pageMaxLimit from './page-max-limit.ts';

/** A listing answer of `count` records whose meta says `limit`. */
const page = (count: number, limit: unknown) => ({
  data: Array.from({ length: count }, (_, i) => ({ id: `c-${i}`, type: 'category' })),
  links: { current: 'x', first: 'x', last: 'x', prev: null, next: null },
  meta: { page: { limit, offset: 0, current: 1, total: 1 }, results: { total: count } },
});

function verdict(target: string, status: number, body: unknown): string {
  const judging = new Judging([pageMaxLimit], judgingContext());
  const failed = judging.judge(exchangeOf('GET', target, status, body)).length > 0;
  return failed ? 'failed' : judging.tallies().length > 0 ? 'passed' : 'not judged';
}

describe('PAGE-MAX-LIMIT on every paginated call', () => {
  it('takes a refusal or a page of at most 100 records past a limit above the maximum', () => {
    expect(verdict('/v2/products?page[limit]=1000', 400, { errors: [] })).toBe('passed');
    expect(verdict('/v2/products?page[limit]=1000', 200, page(100, 100))).toBe('passed');
    expect(verdict('/v2/products?page[limit]=1000', 200, page(3, 1000))).toBe('failed');
  });

  it('fails a page longer than 100, or said to be, whatever the parameters say', () => {
    for (const target of ['/v2/products?page[limit]=50e2', '/v2/products', '/v2/categories?page[limit]=abc'])
      expect(verdict(target, 200, page(3, 5000)), target).toBe('failed');
    expect(verdict('/v2/products?page[limit]=50e2', 200, page(101, 50))).toBe('failed');
    expect(verdict('/v2/products?page[limit]=50e2', 200, page(3, 50))).toBe('passed');
    expect(verdict('/v2/products?page[limit]=2.5', 200, page(2, 2.5))).toBe('passed');
    expect(verdict('/v2/products?page[limit]=50e2', 400, { errors: [] })).toBe('not judged');
    expect(verdict('/v2/products', 200, { data: {} })).toBe('not judged');
  });
});

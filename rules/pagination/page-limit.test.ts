import { describe, expect, it } from 'vitest';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import pageLimit from './page-limit.ts';

/** A listing answer of `count` records whose meta says `limit`. */
const page = (count: number, limit: number) => ({
  data: Array.from({ length: count }, (_, i) => ({ id: `c-${i}`, type: 'category' })),
  links: { current: 'x', first: 'x', last: 'x', prev: null, next: null },
  meta: { page: { limit, offset: 0, current: 1, total: 1 }, results: { total: count } },
});

function verdict(target: string, status: number, body: unknown): string {
  const judging = new Judging([pageLimit], judgingContext());
  const failed = judging.judge(exchangeOf('GET', target, status, body)).length > 0;
  return failed ? 'failed' : judging.tallies().length > 0 ? 'passed' : 'not judged';
}

describe('PAGE-LIMIT on page[limit] given more than once', () => {
  it('takes any reading whose meta.page.limit describes the records served', () => {
    const twice = '/v2/categories?page[limit]=1&page[limit]=2';
    expect(verdict(twice, 200, page(2, 2))).toBe('passed');
    expect(verdict(twice, 200, page(1, 1))).toBe('passed');
    expect(verdict(twice, 200, page(3, 100))).toBe('passed');
    expect(verdict(twice, 400, { errors: [] })).toBe('not judged');
  });

  it('fails more records than meta.page.limit; leaves a meta.page.limit no value gives to the default rule', () => {
    const twice = '/v2/categories?page[limit]=1&page[limit]=2';
    expect(verdict(twice, 200, page(2, 1))).toBe('failed');
    expect(verdict(twice, 200, page(4, 3))).toBe('failed');
    // Read as absent at a default of 3 records: the default page length's rule judges that, not this one.
    expect(verdict(twice, 200, page(1, 3))).toBe('not judged');
    expect(verdict('/v2/categories?page[limit]=1&page[limit]=abc', 200, page(2, 1))).toBe('not judged');
  });
});

import { describe, expect, it } from 'vitest';
import { Judging } from '../../helpers/judge/judging.ts';
import { exchangeOf, judgingContext } from '../../test-support/judge/exchange.ts';
import incUnsupported from './inc-unsupported.ts';

const CATEGORY = 'cccccccc-0000-4000-8000-000000000000';
const category = { data: { id: CATEGORY, type: 'category' } };

function verdict(include: string, status: number, body: unknown, madeUp: readonly string[] = []): string {
  const context = judgingContext();
  for (const name of madeUp) context.known.includeMadeUp(name);
  const judging = new Judging([incUnsupported], context);
  const x = exchangeOf('GET', `/v2/categories/${CATEGORY}?include=${include}`, status, body);
  const failed = judging.judge(x).length > 0;
  return failed ? 'failed' : judging.tallies().length > 0 ? 'passed' : 'not judged';
}

describe('INC-UNSUPPORTED', () => {
  it('fails a refusal of a name in any spelling: supported or not, a name answers 2xx', () => {
    for (const name of ['product', 'Products', 'PRODUCTS', 'conformance_x', 'brands'])
      expect(verdict(name, 400, { errors: [] }), name).toBe('failed');
    expect(verdict('products', 400, { errors: [] }), 'a name §2 shows').toBe('not judged');
    expect(verdict('product,brands', 400, { errors: [] }), 'several names').toBe('not judged');
  });

  it('judges the included key on names the run made up, and leaves names that may be supported', () => {
    expect(verdict('conformance_x', 200, category, ['conformance_x'])).toBe('passed');
    expect(verdict('conformance_x', 200, { ...category, included: {} }, ['conformance_x'])).toBe('failed');
    expect(verdict('Products', 200, { ...category, included: { products: [] } })).not.toBe('failed');
    expect(verdict('brands', 200, { ...category, included: { brands: [{ id: 'b' }] } })).not.toBe('failed');
  });
});

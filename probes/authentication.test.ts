import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Skip } from '../helpers/check/failure.ts';
import { fillRead, queryOf, type ReadForm, readForms } from './authentication.ts';

const form = (encoding: ReadForm['encoding']): ReadForm => ({
  path: '/v2/products',
  params: [
    ['page[offset]', '2'],
    ['include', 'main_image,categories'],
  ],
  encoding,
});

describe('read forms', () => {
  it('spell the query as they say: as is, brackets percent-encoded in either case, or every character', () => {
    expect(queryOf(form('as is'))).toBe('?page[offset]=2&include=main_image,categories');
    expect(queryOf(form('%5B%5D'))).toBe('?page%5Boffset%5D=2&include=main_image,categories');
    expect(queryOf(form('%5b%5d'))).toBe('?page%5boffset%5d=2&include=main_image,categories');
    const every = queryOf(form('every character'));
    expect(every).toMatch(/^\?(%[0-9A-F]{2})+=%32&(%[0-9A-F]{2})+=(%[0-9A-F]{2})+$/);
    expect([...new URLSearchParams(every.slice(1))]).toEqual([
      ['page[offset]', '2'],
      ['include', 'main_image,categories'],
    ]);
    expect(queryOf({ ...form('as is'), params: [] })).toBe('');
  });

  it('are filled with the ids of the run, or skipped when an id is missing', () => {
    const ids = { category: 'c1', order: 'o1', integration: 'i1' };
    expect(
      fillRead(
        { path: '/v2/categories/:category', params: [['include', 'products']], encoding: 'as is' },
        ids,
      ),
    ).toBe('/v2/categories/c1?include=products');
    expect(fillRead({ path: '/v2/orders/:order/transactions', params: [], encoding: 'as is' }, ids)).toBe(
      '/v2/orders/o1/transactions',
    );
    expect(() =>
      fillRead({ path: '/v2/integrations/:integration', params: [], encoding: 'as is' }, {}),
    ).toThrow(Skip);
  });

  it('generated: every read endpoint, the parameters in any order and any encoding', () => {
    const forms = fc.sample(readForms(), { numRuns: 400, seed: 5 });
    const paths = new Set(forms.map((f) => f.path));
    expect(paths.size).toBe(5);
    expect(forms.some((f) => f.params[0]?.[0] === 'page[offset]' && f.params[1]?.[0] === 'page[limit]')).toBe(
      true,
    );
    expect(forms.some((f) => f.params[0]?.[0] === 'page[limit]' && f.params[1]?.[0] === 'page[offset]')).toBe(
      true,
    );
    expect(new Set(forms.map((f) => f.encoding)).size).toBe(4);
    expect(forms.some((f) => f.params.length === 0)).toBe(true);
    for (const f of forms) {
      const decoded = [...new URLSearchParams(queryOf(f).slice(1))];
      expect(decoded).toEqual(f.params.map(([name, value]) => [name, value]));
    }
  });
});

import { describe, expect, it } from 'vitest';
import { parseQuery } from '../http/journal.ts';
import { ordinaryPage, pageParams, showPageParams } from './params.ts';

const of = (search: string) => pageParams(parseQuery(search));

describe('pageParams', () => {
  it('reads absent and valid values, in any spelling and order', () => {
    expect(of('')).toEqual({ limit: { kind: 'absent' }, offset: { kind: 'absent' }, others: [] });
    for (const search of [
      'page[limit]=5&page[offset]=10',
      'page%5Blimit%5D=5&page%5Boffset%5D=10',
      'page%5boffset%5d=10&page[limit]=5',
    ]) {
      expect(of(search), search).toEqual({
        limit: { kind: 'valid', value: 5 },
        offset: { kind: 'valid', value: 10 },
        others: [],
      });
    }
    expect(of('include=main_image&page[limit]=100').others).toEqual(['include']);
  });

  it('tells values above the maximum page length and the offset limit; the offset limit itself is valid', () => {
    expect(of('page[limit]=100').limit).toEqual({ kind: 'valid', value: 100 });
    expect(of('page[limit]=101').limit).toEqual({ kind: 'above', value: 101 });
    expect(of(`page[limit]=${Number.MAX_SAFE_INTEGER}`).limit.kind).toBe('above');
    expect(of('page[offset]=10000').offset).toEqual({ kind: 'valid', value: 10_000 });
    expect(of('page[offset]=10001').offset).toEqual({ kind: 'above', value: 10_001 });
    expect(of('page[offset]=0').offset).toEqual({ kind: 'valid', value: 0 });
  });

  it('tells malformed values: zero limits, negative, not plain integers, empty', () => {
    const why = (search: string, name: 'limit' | 'offset') => {
      const p = of(search)[name];
      return p.kind === 'malformed' ? p.why : p.kind;
    };
    expect(why('page[limit]=0', 'limit')).toBe('zero');
    expect(why('page[limit]=00', 'limit')).toBe('not a plain integer');
    expect(why('page[limit]=-1', 'limit')).toBe('negative');
    expect(why('page[offset]=-99999999999999999999', 'offset')).toBe('negative');
    for (const value of ['1.5', 'abc', '1e2', '+1', '-0', '007', '%20', '1+']) {
      expect(why(`page[offset]=${value}`, 'offset'), value).toBe('not a plain integer');
    }
    expect(why('page[offset]=', 'offset')).toBe('empty');
    expect(why('page[limit]=99999999999999999999999999', 'limit')).toBe('too large to be read exactly');
    expect(why(`page[offset]=${2 ** 53}`, 'offset')).toBe('too large to be read exactly');
  });

  it('finds repeated, nested and other page parameters ambiguous', () => {
    expect(of('page[limit]=1&page[limit]=2').ambiguous).toBe('page[limit] given 2 times');
    expect(of('page[limit][x]=1').ambiguous).toContain('page[limit][x]');
    expect(of('page%5Blimit%5D%5Bx%5D=1').ambiguous).toContain('page[limit][x]');
    expect(of('page=2').ambiguous).toContain('"page"');
    expect(of('Page[Limit]=2').ambiguous).toContain('Page[Limit]');
    expect(of('page[]=2&page[limit]=3').ambiguous).toContain('page[]');
    expect(of('pages=2').ambiguous).toBeUndefined();
  });
});

describe('ordinaryPage', () => {
  it('is the page parameters when each is absent or valid, and says whether nothing else was given', () => {
    expect(ordinaryPage(of(''))).toEqual({ limit: undefined, offset: undefined, plain: true });
    expect(ordinaryPage(of('page[limit]=3&page[offset]=10000'))).toEqual({
      limit: 3,
      offset: 10_000,
      plain: true,
    });
    expect(ordinaryPage(of('include=files&page[offset]=2'))).toEqual({
      limit: undefined,
      offset: 2,
      plain: false,
    });
  });

  it('is undefined for anything else', () => {
    for (const search of [
      'page[limit]=101',
      'page[offset]=10001',
      'page[limit]=0',
      'page[offset]=x',
      'page[limit]=1&page[limit]=1',
      'page[limit][x]=1',
    ]) {
      expect(ordinaryPage(of(search)), search).toBeUndefined();
    }
  });
});

describe('showPageParams', () => {
  it('shows the page parameters given', () => {
    expect(showPageParams(of('page%5Boffset%5D=2&page[limit]=5'))).toBe('page[limit]=5&page[offset]=2');
    expect(showPageParams(of('page[limit]=abc'))).toBe('page[limit]="abc"');
    expect(showPageParams(of('include=x'))).toBe('no page parameters');
  });
});

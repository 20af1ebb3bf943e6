import { describe, expect, it } from 'vitest';
import { exchangeOf } from '../../test-support/judge/exchange.ts';
import { querySpellings, SPELLINGS } from './spellings.ts';

describe('the spellings of a query string', () => {
  it('reads each parameter of §4.3 as sent: encoded, out of order, repeated, malformed, bare', () => {
    expect(querySpellings('include=products&page[limit]=1&page[offset]=0')).toEqual([]);
    expect(querySpellings('page%5Boffset%5D=%31&page[limit]=2')).toEqual([
      'page[offset]: name percent-encoded',
      'page[offset]: value percent-encoded',
      'page[offset]: in another order',
      'page[limit]: in another order',
    ]);
    expect(querySpellings('x=1&include=a%2Cb&include=c')).toEqual([
      'include: value percent-encoded',
      'include: after a parameter §4 does not name',
      'include: repeated with another value',
    ]);
    expect(querySpellings('include=%E0%A4&page[limit]=%zz&page[offset]=%')).toEqual([
      'include: a truncated UTF-8 escape',
      'page[limit]: a malformed escape (%zz)',
      'page[offset]: a lone %',
    ]);
    expect(querySpellings('include&&page[limit]=1')).toEqual([
      'query: an empty part (&&)',
      'include: a bare key (no =)',
    ]);
  });
});

describe('the spellings an exchange visits', () => {
  it('reads the header name, the scheme and the Content-Type as sent', () => {
    const visits = (credentials: 'token' | 'other' | 'respelled', options: object, path = '/v2/products') =>
      SPELLINGS.visits(exchangeOf('POST', path, 200, undefined, { credentials, options }), new Map());
    expect(visits('token', { auth: { authorization: 'Bearer t', name: 'authorization' } })).toEqual([
      'Authorization: named authorization, with the token',
    ]);
    expect(visits('respelled', { auth: { authorization: 'bearer t' } })).toEqual([
      'Authorization: scheme bearer, with the token',
    ]);
    expect(visits('other', { auth: { authorization: 'BEARER x', name: 'AUTHORIZATION' } })).toEqual([
      'Authorization: named AUTHORIZATION, with an invalid token',
      'Authorization: scheme BEARER, with an invalid token',
    ]);
    expect(
      visits(
        'token',
        { headers: { 'Content-Type': 'application/json; charset=utf-8' } },
        '/v2/orders/o/payments',
      ),
    ).toEqual(['Content-Type: application/json; charset=utf-8 on POST /v2/orders/:orderId/payments']);
  });

  it('puts each spelling in the gate covering set at least once', () => {
    const spellings = new Set(SPELLINGS.points.map((p) => p.id.replace(/^(page\[\w+\]|include): /, '')));
    const gate = SPELLINGS.points
      .filter((p) => p.gate)
      .map((p) => p.id.replace(/^(page\[\w+\]|include): /, ''));
    const byKind = (id: string) => id.split(',')[0]?.replace(/ on POST .*/, '');
    expect(new Set([...spellings].map(byKind))).toEqual(new Set(gate.map(byKind)));
  });
});

import { describe, expect, it } from 'vitest';
import type { Credentials, Entry } from '../http/journal.ts';
import { ApiResponse } from '../http/response.ts';
import { Knowledge } from './knowledge.ts';

let clock = 0;
const known = () => new Knowledge({ defaultPageLimit: 100, baseUrl: 'http://t.test' }, () => ++clock);

/** A GET of `path` answered `status` with `body`, sent now. */
function entry(path: string, body: unknown, status = 200, credentials: Credentials = 'token'): Entry {
  const text = JSON.stringify(body);
  const exchange = {
    request: { method: 'GET', url: `http://t.test${path}`, headers: {} },
    durationMs: 0,
    curl: '',
  };
  return {
    sent: ++clock,
    source: { kind: 'check', name: 'test' },
    method: 'GET',
    path,
    options: {},
    credentials,
    response: new ApiResponse(status, { 'content-type': 'application/json' }, text, exchange),
    exchange,
  };
}

const link = (offset: number) => `http://t.test/v2/categories?page[limit]=1&page[offset]=${offset}`;
const VALID = {
  data: [{ id: 'a', type: 'category' }],
  links: { current: link(0), first: link(0), last: link(0), prev: null, next: null },
  meta: { page: { limit: 1, offset: 0, current: 1, total: 1 }, results: { total: 1 } },
};
const BARE = { data: [{ id: 'a', type: 'category' }] };

describe('what the run saw of the listings’ ordinary pages', () => {
  it('knows a listing lacks a valid envelope from an ordinary page seen before the request', () => {
    const k = known();
    k.learn(entry('/v2/categories', VALID));
    expect(k.listingLacksEnvelope('/v2/categories', clock + 1)).toBe(false);
    const before = clock + 1;
    k.learn(entry('/v2/categories?page%5Blimit%5D=1', BARE));
    expect(k.listingLacksEnvelope('/v2/categories', before)).toBe(false);
    expect(k.listingLacksEnvelope('/v2/categories', clock + 1)).toBe(true);
    expect(k.listingLacksEnvelope('/v2/products', clock + 1)).toBe(false);
    k.begin();
    expect(k.listingLacksEnvelope('/v2/categories', clock + 1)).toBe(false);
  });

  it('learns nothing from pages that are not ordinary, refused, sent without the token, or empty without meta', () => {
    const k = known();
    for (const path of [
      '/v2/categories?page[limit]=101',
      '/v2/categories?page[offset]=10001',
      '/v2/categories?page[limit]=abc',
      '/v2/categories?page[limit]=1&page[limit]=2',
      '/v2/categories/x',
      '/v2/orders',
    ])
      k.learn(entry(path, BARE));
    k.learn(entry('/v2/categories', BARE, 400));
    k.learn(entry('/v2/categories', BARE, 200, 'none'));
    k.learn(entry('/v2/categories?page[offset]=5', { data: [], links: VALID.links, meta: {} }));
    expect(k.listingLacksEnvelope('/v2/categories', clock + 1)).toBe(false);
  });
});

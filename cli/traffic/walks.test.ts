import { describe, expect, it } from 'vitest';
import { PassiveJudging } from './passive.ts';
import { recorded } from './recorded.ts';

const BASE = 'http://api.test';
const source = { kind: 'recording' as const, name: 'walks.har' };

/** A page of `/v2/products` holding `ids`, as a server that says `total` records answers it. */
function page(ids: readonly string[], limit: number, offset: number, total: number, next: number | null) {
  const link = (o: number) => `${BASE}/v2/products?page[limit]=${limit}&page[offset]=${o}`;
  const lastOffset = Math.max(0, Math.ceil(total / limit) - 1) * limit;
  return {
    data: ids.map((id) => ({ id, type: 'product' })),
    links: {
      current: link(offset),
      first: link(0),
      last: link(lastOffset),
      prev: offset === 0 ? null : link(Math.max(0, offset - limit)),
      next: next === null ? null : link(next),
    },
    meta: {
      page: { limit, offset, current: Math.floor(offset / limit) + 1, total: Math.ceil(total / limit) },
      results: { total },
    },
  };
}

/** Feeds the exchanges to passive judging; the rules each one failed (walk rules included). */
function judge(exchanges: readonly { path: string; body: unknown; method?: string }[]): string[][] {
  const passive = new PassiveJudging({ baseUrl: BASE, defaultPageLimit: 100 });
  return exchanges.map(({ path, body, method = 'GET' }) =>
    passive
      .add(
        recorded(
          { method, url: `${BASE}${path}`, path, headers: { authorization: 'Bearer tok-123456' } },
          { status: 200, headers: { 'content-type': 'application/json' }, text: JSON.stringify(body) },
          { source, sent: passive.now(), durationMs: 1 },
          passive.secrets,
        ),
      )
      .map((failure) => failure.ruleId)
      .filter((id) => id === 'PAGE-WALK' || id === 'PAGE-COUNTS'),
  );
}

const path = (limit: number, offset: number) => `/v2/products?page[limit]=${limit}&page[offset]=${offset}`;

describe('walks that traffic holds', () => {
  it('a walk that skipped a record: judged once a page of the traffic lists it, on PAGE-WALK', () => {
    // Offsets follow each other, but the page at offset 2 starts one record late (c is never visited).
    const walk = [
      { path: path(2, 0), body: page(['a', 'b'], 2, 0, 5, 2) },
      { path: path(2, 2), body: page(['d', 'e'], 2, 2, 5, 4) },
      { path: path(2, 4), body: page([], 2, 4, 5, null) },
    ];
    const whole = { path: '/v2/products', body: page(['a', 'b', 'c', 'd', 'e'], 100, 0, 5, null) };
    expect(judge([...walk, whole])).toEqual([[], [], [], ['PAGE-WALK']]);
    // The same page before the walk tells as well; without it, neither rule judges the walk.
    expect(judge([whole, ...walk]).at(-1)).toEqual(['PAGE-WALK']);
    expect(judge(walk)).toEqual([[], [], []]);
  });

  it('a walk under a results.total too high: judged on PAGE-COUNTS once a page shows where the listing ends', () => {
    const walk = [
      { path: path(2, 0), body: page(['a', 'b'], 2, 0, 6, 2) },
      { path: path(2, 2), body: page(['c', 'd'], 2, 2, 6, 4) },
      { path: path(2, 4), body: page(['e'], 2, 4, 6, null) },
    ];
    const whole = {
      path: '/v2/products?page[limit]=10',
      body: page(['a', 'b', 'c', 'd', 'e'], 10, 0, 6, null),
    };
    // Both walks: the one through links.next, and the listing in one page (whose end the walk's last page shows).
    expect(judge([...walk, whole]).at(-1)).toEqual(['PAGE-COUNTS', 'PAGE-COUNTS']);
    // A write to the listing between them: the page may show another listing.
    const write = { method: 'POST', path: '/v2/products', body: { data: { id: 'f', type: 'product' } } };
    expect(judge([...walk, write, whole]).flat()).toEqual([]);
  });
});

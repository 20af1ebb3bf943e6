import { describe, expect, it } from 'vitest';
import { pagesOfWalk, settleWalk, walkListing } from './walk.ts';

const BASE = 'http://target.test';
const ENDPOINT = '/v2/products';

/**
 * A listing in memory. `shiftFrom`: pages of at least this length after the first start one record early
 * (the page holds the right number of records, and says the right things of itself).
 */
function listing(records: string[], options: { shiftFrom?: number; totalDelta?: number } = {}) {
  const sent: string[] = [];
  const link = (limit: number, offset: number) =>
    `${BASE}${ENDPOINT}?page[limit]=${limit}&page[offset]=${offset}`;
  const fetch = async (path: string) => {
    sent.push(path);
    const url = new URL(path, BASE);
    const limit = Number(url.searchParams.get('page[limit]'));
    const offset = Number(url.searchParams.get('page[offset]'));
    const n = records.length;
    const count = Math.min(limit, Math.max(0, n - offset));
    const shift = options.shiftFrom !== undefined && limit >= options.shiftFrom && offset >= limit ? 1 : 0;
    const total = n + (options.totalDelta ?? 0);
    return {
      status: 200,
      json: {
        data: records.slice(offset - shift, offset - shift + count).map((id) => ({ id })),
        links: {
          current: link(limit, offset),
          first: link(limit, 0),
          last: link(limit, Math.max(0, (Math.ceil(total / limit) - 1) * limit)),
          prev: offset === 0 ? null : link(limit, Math.max(0, offset - limit)),
          next: offset + limit >= total ? null : link(limit, offset + limit),
        },
        meta: {
          page: { limit, offset, current: Math.floor(offset / limit) + 1, total: Math.ceil(total / limit) },
          results: { total },
        },
      },
    };
  };
  return { fetch, sent };
}

const ids = (n: number) => Array.from({ length: n }, (_, i) => `r${i}`);

describe('settleWalk', () => {
  it('walks once when the walk is consistent', async () => {
    const { fetch, sent } = listing(ids(3));
    const settled = await settleWalk({ endpoint: ENDPOINT, baseUrl: BASE, limit: 2, fetch, ownIds: ['r2'] });
    expect(settled.outcome).toBe('consistent');
    expect(sent).toEqual([
      `${ENDPOINT}?page[limit]=2&page[offset]=0`,
      `${ENDPOINT}?page[limit]=2&page[offset]=2`,
    ]);
  });

  it('reproduces a walk that repeats a record at a page length where later pages start one early', async () => {
    const server = listing(ids(3), { shiftFrom: 2 });
    const atTwo = await settleWalk({ endpoint: ENDPOINT, baseUrl: BASE, limit: 2, fetch: server.fetch });
    expect(atTwo.outcome).toBe('reproduced');
    expect(atTwo.outcome === 'reproduced' && atTwo.problems.join()).toMatch(/more than once: r1/);
    expect(atTwo.attempts).toBe(2);
    const atOne = await settleWalk({ endpoint: ENDPOINT, baseUrl: BASE, limit: 1, fetch: server.fetch });
    expect(atOne.outcome).toBe('consistent');
  });

  it('gives up after maxAttempts walks when the listing changes every time', async () => {
    const records = ids(3);
    const { fetch } = listing(records, { shiftFrom: 2 });
    const changing = async (path: string) => {
      records.push(`new${records.length}`);
      return fetch(path);
    };
    const settled = await settleWalk({
      endpoint: ENDPOINT,
      baseUrl: BASE,
      limit: 2,
      fetch: changing,
      maxAttempts: 2,
    });
    expect(settled.outcome).toBe('unsettled');
    expect(settled.attempts).toBe(2);
  });
});

describe('pagesOfWalk', () => {
  it('tells which pages records follow, and the last page of a full walk by what it holds', async () => {
    const { fetch } = listing(ids(5));
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 2, fetch });
    expect(pagesOfWalk(walk).map(({ offset, endReached }) => ({ offset, endReached }))).toEqual([
      { offset: 0, endReached: false },
      { offset: 2, endReached: false },
      { offset: 4, endReached: undefined },
    ]);
  });

  it('tells the end from the empty page after a walk that found fewer records than the total', async () => {
    const { fetch } = listing(ids(3), { totalDelta: 1 });
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, fetch });
    expect(walk.after?.view.data).toEqual([]);
    expect(pagesOfWalk(walk).map(({ offset, endReached }) => ({ offset, endReached }))).toEqual([
      { offset: 0, endReached: undefined },
      { offset: 3, endReached: true },
    ]);
  });

  it('adds the last page of a partial walk, whose end the walk does not tell', async () => {
    const { fetch } = listing(ids(40));
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 2, fetch });
    expect(walk.mode).toBe('partial');
    expect(pagesOfWalk(walk).map(({ offset, endReached }) => ({ offset, endReached }))).toEqual([
      { offset: 0, endReached: false },
      { offset: 2, endReached: false },
      { offset: 4, endReached: undefined },
      { offset: 38, endReached: undefined },
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import {
  pagesOfWalk,
  settleWalk,
  walkedPages,
  walkListing,
  walkPageExpectations,
  walkPageProblems,
  walkProblems,
} from './walk.ts';

const BASE = 'http://target.test';
const ENDPOINT = '/v2/products';

/**
 * A listing in memory. `shiftFrom`: pages of at least this length after the first start one record early
 * (the page holds the right number of records, and says the right things of itself).
 */
function listing(
  records: string[],
  options: {
    shiftFrom?: number;
    totalDelta?: number;
    /** links.next is null on a page after which exactly one record is left. */
    nextNullOneLeft?: boolean;
    /** Pages at a length below 100 leave out the listing's last record. */
    dropLast?: boolean;
    /** links.next skips one record (offset + limit + 1). */
    nextSkips?: boolean;
    /** links.next names the page past the end on a last page that ends at the total. */
    nextPastEnd?: boolean;
    /** Every page is served at this length, whatever was asked (meta and links say so). */
    servedAt?: number;
  } = {},
) {
  const sent: string[] = [];
  const link = (limit: number, offset: number) =>
    `${BASE}${ENDPOINT}?page[limit]=${limit}&page[offset]=${offset}`;
  const fetch = async (path: string) => {
    sent.push(path);
    const url = new URL(path, BASE);
    const limit = options.servedAt ?? Number(url.searchParams.get('page[limit]'));
    const offset = Number(url.searchParams.get('page[offset]'));
    const n = records.length;
    const count = Math.min(limit, Math.max(0, n - offset));
    const shift = options.shiftFrom !== undefined && limit >= options.shiftFrom && offset >= limit ? 1 : 0;
    const total = n + (options.totalDelta ?? 0);
    const served = records
      .slice(offset - shift, offset - shift + count)
      .filter((id) => !(options.dropLast && limit < 100 && id === records[n - 1]));
    const oneLeft = options.nextNullOneLeft === true && total - (offset + count) === 1;
    return {
      status: 200,
      json: {
        data: served.map((id) => ({ id })),
        links: {
          current: link(limit, offset),
          first: link(limit, 0),
          last: link(limit, Math.max(0, (Math.ceil(total / limit) - 1) * limit)),
          prev: offset === 0 ? null : link(limit, Math.max(0, offset - limit)),
          next:
            (offset + limit >= total && !(options.nextPastEnd && offset + limit === total)) || oneLeft
              ? null
              : link(limit, offset + limit + (options.nextSkips ? 1 : 0)),
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

  it('tells the end from the empty page links.next led to after a page its own total ends', async () => {
    const { fetch } = listing(ids(4), { nextPastEnd: true });
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 2, fetch });
    const pages = pagesOfWalk(walk);
    expect(pages.map(({ offset, endReached }) => ({ offset, endReached }))).toContainEqual({
      offset: 2,
      endReached: true,
    });
    const failed = walkPageExpectations(walk, BASE).filter(({ expectation }) => !expectation.ok);
    expect(failed.map(({ expectation }) => expectation.expected)).toEqual([
      expect.stringContaining('links.next null on the last page'),
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

  it('knows records follow a page that the page right after the end of the walk shows', async () => {
    const { fetch } = listing(ids(9), { nextNullOneLeft: true });
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 8, expectedTotal: 9, fetch });
    expect(walk.pages).toHaveLength(1);
    expect(walk.after?.offset).toBe(8);
    expect(pagesOfWalk(walk).map(({ offset, endReached }) => ({ offset, endReached }))).toEqual([
      { offset: 0, endReached: false },
    ]);
    expect(walkPageProblems(walk, BASE)).toEqual([
      `expected links.next naming the next page (page[offset]=8, page[limit]=8; records follow) (${ENDPOINT}?page[limit]=8&page[offset]=0), got null`,
    ]);
    expect(walkProblems(walk).walk.join('\n')).toMatch(/still answers 1 record/);
  });

  it('leaves the counts of a walk that broke on a page that is no listing to the walk', async () => {
    const { fetch } = listing(ids(6));
    const broken = async (path: string) =>
      path.includes('page[offset]=2') ? { status: 400, json: { errors: [] } } : fetch(path);
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 2, fetch: broken });
    expect(walk.broken).toMatch(/answered 400/);
    expect(walkProblems(walk).counts).toEqual([]);
  });

  it('takes a page served at another length than asked as ending where its own length ends', async () => {
    const { fetch } = listing(ids(9), { servedAt: 100 });
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, expectedTotal: 9, fetch });
    expect(walk.ahead?.map((page) => page.view.data?.length)).toEqual([6, 3]);
    expect(pagesOfWalk(walk)[0]?.endReached).not.toBe(false);
    expect(walkPageProblems(walk, BASE).filter((p) => p.includes('links.next'))).toEqual([]);
  });

  it('judges the pages asked for ahead that no link named as pages', async () => {
    const { fetch } = listing(ids(9), { nextSkips: true });
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, expectedTotal: 9, fetch });
    expect(walk.pages.map((page) => page.offset)).toEqual([0, 4, 8]);
    expect(walk.ahead?.map((page) => page.offset)).toEqual([3, 6]);
    expect(pagesOfWalk(walk).map(({ offset, endReached }) => ({ offset, endReached }))).toEqual([
      { offset: 0, endReached: false },
      { offset: 4, endReached: false },
      { offset: 8, endReached: true },
      { offset: 3, endReached: false },
      { offset: 6, endReached: undefined },
    ]);
    const problems = walkPageProblems(walk, BASE);
    expect(problems.filter((p) => p.includes('page[offset]=3)'))).toEqual([
      `expected links.next naming the next page (page[offset]=6, page[limit]=3; records follow) (${ENDPOINT}?page[limit]=3&page[offset]=3), got ${BASE}${ENDPOINT}?page[limit]=3&page[offset]=7`,
    ]);
  });

  it('knows records follow the end of a walk when the page right after it holds some', async () => {
    const { fetch } = listing(ids(9), { nextNullOneLeft: true });
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 8, fetch });
    expect(walk.ahead).toBeUndefined();
    expect(walk.after?.view.data).toHaveLength(1);
    expect(pagesOfWalk(walk)[0]?.endReached).toBe(false);
    expect(walkPageProblems(walk, BASE)).toHaveLength(1);
  });

  it('finds no problem with the pages of a walk of a conformant listing, ahead or followed', async () => {
    for (const limit of [1, 2, 3, 4, 8, 9, 10]) {
      const { fetch } = listing(ids(9));
      const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit, expectedTotal: 9, fetch });
      expect(walkPageProblems(walk, BASE), `limit ${limit}`).toEqual([]);
      expect(walkProblems(walk), `limit ${limit}`).toEqual({ walk: [], counts: [] });
    }
  });

  it('blames the walk, not the total, when the last page of a partial walk misses a record the page at the maximum length holds', async () => {
    const { fetch } = listing(ids(40), { dropLast: true });
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, fetch });
    expect(walk.mode).toBe('partial');
    expect(walk.tail?.path).toBe(`${ENDPOINT}?page[limit]=100&page[offset]=0`);
    const problems = walkProblems(walk);
    expect(problems.counts).toEqual([]);
    expect(problems.walk.join('\n')).toMatch(/without r39 that .* lists at its offsets/);
    expect(walkedPages(walk)).toContain(walk.tail);
  });

  it('blames the total when the page at the maximum length holds no more than the last page of a partial walk', async () => {
    const { fetch } = listing(ids(40), { totalDelta: 1 });
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, fetch });
    const problems = walkProblems(walk);
    expect(problems.walk).toEqual([]);
    expect(problems.counts.join('\n')).toMatch(/should hold the last 2/);
  });

  it('asks for no page at the maximum length when the last page of a partial walk holds what the total leaves', async () => {
    const { fetch, sent } = listing(ids(40));
    const walk = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, fetch });
    expect(walk.tail).toBeUndefined();
    expect(sent.some((path) => path.includes('page[limit]=100'))).toBe(false);
  });
});

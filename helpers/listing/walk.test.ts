import { describe, expect, it } from 'vitest';
import { settle } from './settle.ts';
import { visitedIds, type Walk, walkLimit, walkListing, walkProblems, walkSignature } from './walk.ts';

const BASE = 'http://target.test/base';
const ENDPOINT = '/v2/categories';

interface FakeOptions {
  /** How links are written (`asked`: relative, `page[limit]` first, as the walk asks for pages). */
  readonly links?: 'absolute' | 'relative' | 'encoded' | 'asked';
  /** links.next points this many records further than it should. */
  readonly nextSkew?: number;
  /** links.next is null from this page offset on. */
  readonly nextNullFrom?: number;
  /** links.next names the page itself (instead of the next page or null) from this page offset on. */
  readonly nextSelfFrom?: number;
  /** meta.results.total is off by this much. */
  readonly totalDelta?: number;
  /** links.last names (pages - 1) * limit (aligned) or total - limit (a full last page). */
  readonly last?: 'aligned' | 'full';
  /** Called before each request (to change the listing meanwhile). */
  readonly before?: (call: number, records: string[]) => void;
}

type FakeResponse = { status: number; json: unknown };

/** A listing server in memory, with optional faults. */
function fakeListing(records: string[], options: FakeOptions = {}) {
  let calls = 0;
  const paths: string[] = [];
  const link = (limit: number, offset: number) => {
    const query =
      options.links === 'encoded'
        ? `page%5Blimit%5D=${limit}&page%5Boffset%5D=${offset}`
        : options.links === 'asked'
          ? `page[limit]=${limit}&page[offset]=${offset}`
          : `page[offset]=${offset}&page[limit]=${limit}`;
    const path = `/v2/categories?${query}`;
    return options.links === 'relative' || options.links === 'asked' ? path : `${BASE}${path}`;
  };
  const fetch = async (path: string): Promise<FakeResponse> => {
    options.before?.(calls, records);
    calls += 1;
    paths.push(path);
    const url = new URL(path, 'http://fake');
    const limit = Number(url.searchParams.get('page[limit]') ?? 100);
    const offset = Number(url.searchParams.get('page[offset]') ?? 0);
    const n = records.length;
    const pages = Math.ceil(n / limit);
    const lastOffset = options.last === 'full' ? Math.max(0, n - limit) : Math.max(0, (pages - 1) * limit);
    const nextNull =
      offset + limit >= n || (options.nextNullFrom !== undefined && offset >= options.nextNullFrom);
    return {
      status: 200,
      json: {
        data: records.slice(offset, offset + limit).map((id) => ({ id, type: 'category' })),
        links: {
          current: link(limit, offset),
          first: link(limit, 0),
          last: link(limit, lastOffset),
          prev: offset === 0 ? null : link(limit, Math.max(0, offset - limit)),
          next:
            options.nextSelfFrom !== undefined && offset >= options.nextSelfFrom
              ? link(limit, offset)
              : nextNull
                ? null
                : link(limit, offset + limit + (options.nextSkew ?? 0)),
        },
        meta: {
          page: { limit, offset, current: Math.floor(offset / limit) + 1, total: pages },
          results: { total: n + (options.totalDelta ?? 0) },
        },
      },
    };
  };
  return {
    fetch,
    get calls() {
      return calls;
    },
    paths,
  };
}

const ids = (n: number, prefix = 'r') => Array.from({ length: n }, (_, i) => `${prefix}${i}`);

async function walk(records: string[], options: FakeOptions = {}, limit = walkLimit(records.length)) {
  const server = fakeListing(records, options);
  const result = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit, fetch: server.fetch });
  return { server, result };
}

describe('walkLimit', () => {
  it('gives 3 or 4 pages for 3 to 400 records, and at most 100', () => {
    for (let total = 3; total <= 400; total += 1) {
      const pages = Math.ceil(total / walkLimit(total));
      expect(pages, `total ${total}`).toBeGreaterThanOrEqual(3);
      expect(pages, `total ${total}`).toBeLessThanOrEqual(4);
    }
    expect(walkLimit(0)).toBe(1);
    expect(walkLimit(1)).toBe(1);
    expect(walkLimit(5000)).toBe(100);
  });
});

describe('walkListing', () => {
  /** A walk with `expectedTotal`, counting the requests sent before the first answer came back. */
  async function walkAhead(records: string[], options: FakeOptions, expectedTotal: number) {
    const server = fakeListing(records, options);
    let answered = false;
    let sentBeforeAnswer = 0;
    const fetch = async (path: string) => {
      if (!answered) sentBeforeAnswer += 1;
      const response = await server.fetch(path);
      await new Promise((resolve) => setTimeout(resolve, 5));
      answered = true;
      return response;
    };
    const result = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, fetch, expectedTotal });
    return { server, result, sentBeforeAnswer };
  }

  it('asks for the pages the expected total makes at once, and follows links.next through them', async () => {
    const records = ids(10);
    const { server, result, sentBeforeAnswer } = await walkAhead(records, { links: 'asked' }, 10);
    expect(sentBeforeAnswer).toBe(4);
    expect(server.calls).toBe(4);
    expect(result.pages.map((p) => p.path)).toEqual(server.paths);
    expect(visitedIds(result)).toEqual(records);
    expect(walkProblems(result).walk).toEqual([]);
  });

  it('follows links spelt otherwise, and links past the expected pages, as they come', async () => {
    const records = ids(10);
    const other = await walkAhead(records, {}, 10);
    expect(other.server.calls).toBe(4 + 3);
    expect(other.result.pages.map((p) => p.path)).toEqual([
      '/v2/categories?page[limit]=3&page[offset]=0',
      '/v2/categories?page[offset]=3&page[limit]=3',
      '/v2/categories?page[offset]=6&page[limit]=3',
      '/v2/categories?page[offset]=9&page[limit]=3',
    ]);
    expect(visitedIds(other.result)).toEqual(records);
    const grown = await walkAhead(records, { links: 'asked' }, 5);
    expect(grown.sentBeforeAnswer).toBe(2);
    expect(grown.server.calls).toBe(4);
    expect(visitedIds(grown.result)).toEqual(records);
  });

  it("asks every page ahead with the walk's include, and follows a links.next that drops it as given", async () => {
    const records = ids(10);
    const server = fakeListing(records, { links: 'asked' });
    const result = await walkListing({
      endpoint: ENDPOINT,
      baseUrl: BASE,
      limit: 3,
      fetch: server.fetch,
      expectedTotal: 10,
      include: 'products',
    });
    expect(server.paths.slice(0, 4)).toEqual(
      [0, 3, 6, 9].map((offset) => `${ENDPOINT}?page[limit]=3&page[offset]=${offset}&include=products`),
    );
    expect(result.pages.map((p) => p.path)).toEqual([
      `${ENDPOINT}?page[limit]=3&page[offset]=0&include=products`,
      ...[3, 6, 9].map((offset) => `${ENDPOINT}?page[limit]=3&page[offset]=${offset}`),
    ]);
    expect(visitedIds(result)).toEqual(records);
  });

  it('walks a small listing in full through links.next, with any link style', async () => {
    for (const links of ['absolute', 'relative', 'encoded'] as const) {
      const records = ids(10);
      const { server, result } = await walk(records, { links });
      expect(result.mode).toBe('full');
      expect(result.limit).toBe(3);
      expect(result.pages.map((p) => p.offset)).toEqual([0, 3, 6, 9]);
      expect(visitedIds(result)).toEqual(records);
      expect(server.calls).toBe(4);
      expect(walkProblems(result, ['r0', 'r9'])).toEqual({ walk: [], counts: [] });
    }
  });

  it('walks a listing of one page', async () => {
    const { server, result } = await walk(ids(1));
    expect(result.pages).toHaveLength(1);
    expect(server.calls).toBe(1);
    expect(walkProblems(result)).toEqual({ walk: [], counts: [] });
  });

  it('walks a long listing partially: 3 pages, then links.last, whatever its size', async () => {
    for (const size of [501, 5000, 100_000]) {
      const { server, result } = await walk(ids(size));
      expect(result.mode).toBe('partial');
      expect(server.calls).toBe(4);
      expect(result.pages.map((p) => p.offset)).toEqual([0, 100, 200]);
      expect(result.last?.offset).toBe(Math.floor((size - 1) / 100) * 100);
      expect(walkProblems(result)).toEqual({ walk: [], counts: [] });
    }
  });

  it('accepts a links.last that names a full last page', async () => {
    const { result } = await walk(ids(1050), { last: 'full' });
    expect(result.last?.offset).toBe(950);
    expect(walkProblems(result)).toEqual({ walk: [], counts: [] });
  });

  it('finds a links.next that skips records', async () => {
    const { result } = await walk(ids(10), { nextSkew: 1 });
    const problems = walkProblems(result);
    expect(problems.walk.join('\n')).toMatch(/leads to offset 4, not 3: the walk skips records/);
  });

  it('ends at a links.next that names the page itself: on the last page that is PAGE-PREV-NEXT, not the walk', async () => {
    const { server, result } = await walk(ids(10), { nextSelfFrom: 9 });
    expect(result.pages.map((p) => p.offset)).toEqual([0, 3, 6, 9]);
    expect(server.calls).toBe(4);
    expect(walkProblems(result)).toEqual({ walk: [], counts: [] });
  });

  it('finds the records missed when a links.next in the middle names the page itself', async () => {
    const { result } = await walk(ids(10), { nextSelfFrom: 3 });
    expect(result.pages.map((p) => p.offset)).toEqual([0, 3]);
    expect(walkProblems(result).walk.join('\n')).toMatch(
      /lists records that the walk did not visit: r6, r7, r8, r9/,
    );
  });

  it('finds a walk that stops early, and blames the walk rather than the total', async () => {
    const { server, result } = await walk(ids(10), { nextNullFrom: 3 });
    expect(result.after?.offset).toBe(6);
    expect(result.reference?.path).toBe('/v2/categories?page[limit]=100&page[offset]=0');
    expect(server.calls).toBe(4);
    const problems = walkProblems(result);
    expect(problems.walk.join('\n')).toMatch(/lists records that the walk did not visit: r6, r7, r8, r9/);
    expect(problems.walk.join('\n')).toMatch(/still answers 3 records/);
    expect(problems.counts).toEqual([]);
  });

  it('finds records that the walk skips in the middle (the offset of a page not applied)', async () => {
    const records = ids(10);
    const server = fakeListing(records);
    const skipping = async (path: string) => {
      // the page at offset 3 loses its first record, with links as if it were whole
      const res = await server.fetch(path);
      if (new URL(path, 'http://f').searchParams.get('page[offset]') === '3') {
        (res.json as { data: unknown[] }).data = records.slice(4, 6).map((id) => ({ id }));
      }
      return res;
    };
    const result = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, fetch: skipping });
    const problems = walkProblems(result).walk.join('\n');
    expect(problems).toMatch(/did not visit: r3$/m);
    expect(problems).toMatch(/leads to offset 6, not 5: the walk skips records/);
  });

  it('blames the total, not the walk, when results.total is too high', async () => {
    const { result } = await walk(ids(10), { totalDelta: 2 }, 3);
    expect(result.reference).toBeDefined();
    const problems = walkProblems(result);
    expect(problems.walk).toEqual([]);
    expect(problems.counts).toEqual(['a full walk found 10 records, meta.results.total is 12']);
  });

  it('walks in full, blaming the total, when links.next ends within the pages of a partial walk', async () => {
    // 3 records after 27 deletes that meta.results.total still counts: 30 pages announced at page[limit]=1.
    const { result } = await walk(ids(3), { totalDelta: 27 }, 1);
    expect(result.mode).toBe('full');
    expect(result.last).toBeUndefined();
    const problems = walkProblems(result);
    expect(problems.walk).toEqual([]);
    expect(problems.counts).toEqual(['a full walk found 3 records, meta.results.total is 30']);
  });

  it('finds records of the run that the walk does not visit', async () => {
    const { result } = await walk(ids(10));
    expect(walkProblems(result, ['r3', 'elsewhere']).walk).toEqual([
      'records of this run not visited by the walk: elsewhere',
    ]);
  });

  it('stops when links.next is never null', async () => {
    const server = fakeListing(ids(6), { nextNullFrom: Number.POSITIVE_INFINITY });
    // a fault: next keeps pointing on past the end
    const broken = async (path: string) => {
      const res = await server.fetch(path);
      const json = res.json as { links: { next: unknown; current: unknown } };
      json.links.next = `${BASE}/v2/categories?page[limit]=2&page[offset]=${Number(new URL(path, 'http://f').searchParams.get('page[offset]')) + 2}`;
      return res;
    };
    const result = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 2, fetch: broken });
    expect(result.broken).toMatch(/links.next is still set after 4 pages/);
    expect(walkProblems(result).walk[0]).toMatch(/still set/);
  });

  it('reports a page that is not a listing', async () => {
    const server = fakeListing(ids(10));
    const result = await walkListing({
      endpoint: ENDPOINT,
      baseUrl: BASE,
      limit: 3,
      fetch: async (path) => (path.includes('offset]=3') ? { status: 500, json: {} } : server.fetch(path)),
    });
    expect(result.broken).toMatch(/answered 500/);
    const first = await walkListing({
      endpoint: ENDPOINT,
      baseUrl: BASE,
      limit: 3,
      fetch: async () => ({ status: 200, json: { data: {} } }),
    });
    expect(first.broken).toMatch(/the first page .* answered 200 without a data array/);
  });

  it('finds duplicates when the offset is taken as a page number', async () => {
    const records = ids(9);
    const server = fakeListing(records);
    const pagesAsOffset = async (path: string) => {
      const url = new URL(path, 'http://f');
      const offset = Number(url.searchParams.get('page[offset]'));
      const res = await server.fetch(`${ENDPOINT}?page[limit]=3&page[offset]=${offset / 3}`);
      const json = res.json as { links: Record<string, unknown>; meta: { page: Record<string, unknown> } };
      json.links.next =
        offset + 3 >= 9 ? null : `${BASE}${ENDPOINT}?page[limit]=3&page[offset]=${offset + 3}`;
      json.meta.page.offset = offset;
      return res;
    };
    const result = await walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, fetch: pagesAsOffset });
    expect(walkProblems(result).walk[0]).toMatch(/records visited more than once/);
  });
});

describe('a walk settled against concurrent changes', () => {
  const settleWalk = (server: ReturnType<typeof fakeListing>, own: string[] = []) =>
    settle({
      attempt: () => walkListing({ endpoint: ENDPOINT, baseUrl: BASE, limit: 3, fetch: server.fetch }),
      problems: (w: Walk<FakeResponse>) => {
        const p = walkProblems(w, own);
        return [...p.walk, ...p.counts];
      },
      signature: walkSignature,
    });

  it('retries when a record is inserted at the front during the walk, and passes the clean attempt', async () => {
    const server = fakeListing(ids(10), {
      before: (call, records) => {
        if (call === 1) records.unshift('new');
      },
    });
    const settled = await settleWalk(server);
    expect(settled.outcome).toBe('consistent');
    expect(settled.attempts).toBe(2);
  });

  it('gives up (unsettled) when the listing changes during every attempt', async () => {
    let n = 0;
    const server = fakeListing(ids(10), {
      before: (_call, records) => {
        n += 1;
        records.unshift(`new${n}`);
      },
    });
    const settled = await settleWalk(server);
    expect(settled.outcome).toBe('unsettled');
    expect(settled.attempts).toBe(5);
  });

  it('reports a fault that two walks reproduce', async () => {
    const server = fakeListing(ids(10), { nextSkew: 1 });
    const settled = await settleWalk(server);
    expect(settled.outcome).toBe('reproduced');
    expect(settled.attempts).toBe(2);
  });
});

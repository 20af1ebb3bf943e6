import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { skip } from '../check/failure.ts';
import { ApiClient } from '../http/client.ts';
import { allowanceOf, type ExplorationName } from './allocation.ts';
import type { RequestPool } from './budget.ts';
import { explorationBudget, GATE_REQUESTS } from './profile.ts';
import { newDepthRecord } from './record.ts';
import { runInputs } from './run.ts';

/** A loopback server answering `meta.page.limit` = min(page[limit], 37): wrong from 38 on. */
let server: Server;
let api: ApiClient;
beforeAll(async () => {
  server = createServer((req, res) => {
    const limit = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page[limit]'));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: [], meta: { page: { limit: Math.min(limit, 37) } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = new ApiClient({
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    token: 'secret',
    timeoutMs: 5000,
  });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

class Wrong extends Error {}
const attempt = async (limit: number) => {
  const answer = (await api.get(`/v2/categories?page[limit]=${limit}`)).json as {
    meta: { page: { limit: number } };
  };
  if (answer.meta.page.limit !== limit) throw new Wrong(`limit ${limit}`);
};
const inputs = { show: (limit: number) => `page[limit]=${limit}` };
const deep = (seed: number, requestBudget: number) => ({ depth: 'deep' as const, seed, requestBudget });

describe('runInputs', () => {
  it('judges every boundary value at once and returns the first failing one in list order', async () => {
    const depth = newDepthRecord();
    const found = await runInputs(
      { depth: 'gate', seed: 1, requestBudget: 0 },
      'probe',
      { ...inputs, gate: [1, 50, 40, 100] },
      depth,
      attempt,
      (e) => e instanceof Wrong,
    );
    expect(found.boundary?.input).toBe(50);
    expect(found.deep).toBeUndefined();
    expect(depth.inputs).toBe(4);
  });

  it('counts a skipped input apart, with its reason, and journals every input with its source', async () => {
    const depth = newDepthRecord();
    const before = api.journal.exchanges().length;
    await runInputs(
      { depth: 'gate', seed: 1, requestBudget: 0 },
      'probe of limits',
      { ...inputs, gate: [3, 0] },
      depth,
      async (limit) => {
        if (limit === 0) skip('a target may refuse it');
        await attempt(limit);
      },
      (e) => e instanceof Wrong,
    );
    expect(depth).toMatchObject({
      inputs: 1,
      skippedInputs: 1,
      skipReasons: ['page[limit]=0: a target may refuse it'],
    });
    expect(
      api.journal
        .exchanges()
        .slice(before)
        .map((e) => e.source),
    ).toEqual([{ kind: 'boundary', name: 'probe of limits', input: 'page[limit]=3' }]);
  });

  it('shrinks a failing generated input to the minimal one, within the row of the budget', async () => {
    const depth = newDepthRecord();
    const found = await runInputs(
      deep(1234, 2000),
      'probe',
      { ...inputs, deep: { row: 'pagination/categories', arbitrary: fc.integer({ min: 1, max: 100 }) } },
      depth,
      attempt,
      (e) => e instanceof Wrong,
    );
    expect(found.deep?.input).toBe(38);
    expect(found.deep?.shrinks).toBeGreaterThan(0);
    expect(depth.exploration?.requests).toBeLessThanOrEqual(
      allowanceOf('pagination/categories', explorationBudget(2000)),
    );
  });

  it('shrinks, of the failing inputs judged at once, the smallest by their size', async () => {
    const judged: number[][] = [];
    await runInputs(
      deep(99, 2000),
      'probe',
      {
        show: (limits: number[]) => limits.join(','),
        deep: {
          row: 'pagination/categories',
          arbitrary: fc.array(fc.integer({ min: 1, max: 100 }), { minLength: 1, maxLength: 8 }),
          size: (limits: number[]) => limits.length,
        },
      },
      newDepthRecord(),
      async (limits) => {
        judged.push(limits);
        if (limits.some((limit) => limit >= 38)) throw new Wrong(limits.join(','));
      },
      (e) => e instanceof Wrong,
    );
    const failing = judged.slice(0, 8).filter((limits) => limits.some((limit) => limit >= 38));
    const lengths = failing.map((limits) => limits.length);
    expect(lengths[0]).toBeGreaterThan(Math.min(...lengths));
    // The first input judged after the batch is the replay of the one shrinking starts from.
    expect(judged[8]?.length).toBe(Math.min(...lengths));
  });

  it('draws the same inputs for the same seed, and stays within the share of the budget', async () => {
    const drawn = async (seed: number) => {
      const seen: number[] = [];
      const depth = newDepthRecord();
      await runInputs(
        deep(seed, GATE_REQUESTS + 200),
        'probe',
        { ...inputs, deep: { row: 'pagination/categories', arbitrary: fc.integer({ min: 1, max: 37 }) } },
        depth,
        async (limit) => {
          seen.push(limit);
          await attempt(limit);
        },
        (e) => e instanceof Wrong,
      );
      return { seen, depth };
    };
    const [a, b] = [await drawn(7), await drawn(7)];
    expect(a.seen).toEqual(b.seen);
    // The exploration gets what the gate leaves of the budget.
    const share = allowanceOf('pagination/categories', 200);
    expect(a.depth.exploration?.requests).toBe(Math.ceil(share * 0.75));
    expect(a.seen.length).toBeGreaterThan(0);
  });

  it('sends nothing generated in the gate profile', async () => {
    const depth = newDepthRecord();
    const found = await runInputs(
      { depth: 'gate', seed: 1, requestBudget: 2000 },
      'probe',
      { ...inputs, deep: { row: 'pagination/categories', arbitrary: fc.integer({ min: 1, max: 100 }) } },
      depth,
      attempt,
      (e) => e instanceof Wrong,
    );
    expect(found).toEqual({});
    expect(depth.inputs).toBe(0);
  });

  it('visits each class once on every seed, first, the seed choosing only inside the class', async () => {
    const classes = [fc.constant(1), fc.integer({ min: 2, max: 9 }), fc.integer({ min: 10, max: 30 })];
    const visited = async (seed: number) => {
      const seen: number[] = [];
      await runInputs(
        deep(seed, 2000),
        'probe',
        { ...inputs, deep: { row: 'pagination/categories', arbitrary: fc.constant(5), classes } },
        newDepthRecord(),
        async (limit) => {
          seen.push(limit);
          await attempt(limit);
        },
        (e) => e instanceof Wrong,
      );
      return seen;
    };
    const firsts = await Promise.all([3, 4, 5, 6, 7].map(async (seed) => (await visited(seed)).slice(0, 3)));
    for (const [one, small, large] of firsts) {
      expect(one).toBe(1);
      expect(small).toBeGreaterThanOrEqual(2);
      expect(small).toBeLessThanOrEqual(9);
      expect(large).toBeGreaterThanOrEqual(10);
      expect(large).toBeLessThanOrEqual(30);
    }
    expect(new Set(firsts.map(([, , large]) => large)).size).toBeGreaterThan(1);
    expect(await visited(3)).toEqual(await visited(3));
  });

  it('shrinks a failing class input inside its class, and draws nothing more', async () => {
    const depth = newDepthRecord();
    const seen: number[] = [];
    const found = await runInputs(
      deep(11, 2000),
      'probe',
      {
        ...inputs,
        deep: {
          row: 'pagination/categories',
          arbitrary: fc.integer({ min: 1, max: 37 }),
          classes: [fc.integer({ min: 1, max: 37 }), fc.integer({ min: 60, max: 100 })],
        },
      },
      depth,
      async (limit) => {
        seen.push(limit);
        await attempt(limit);
      },
      (e) => e instanceof Wrong,
    );
    expect(found.deep?.input).toBe(60);
    expect(depth.exploration?.classes).toBe(2);
    expect(seen.filter((limit) => limit < 38).length).toBe(1);
  });
});

describe('runInputs with the pool of what rows left', () => {
  const row: ExplorationName = 'pagination/categories';
  const share = allowanceOf(row, 2000);
  const [part, cap] = [Math.ceil(share * 0.75), Math.ceil(share * 0.25)];
  /** Explores `row` with seed 7; an input the run `sends` costs one request, any other none (left unjudged). */
  const explore = async (
    pool?: RequestPool,
    sends = (limit: number) => limit % 2 === 0,
    name: ExplorationName = row,
  ) => {
    const seen: number[] = [];
    const depth = newDepthRecord();
    await runInputs(
      { ...deep(7, GATE_REQUESTS + 2000), ...(pool ? { pool } : {}) },
      'probe',
      { ...inputs, deep: { row: name, arbitrary: fc.integer({ min: 1, max: 37 }) } },
      depth,
      async (limit) => {
        seen.push(limit);
        if (!sends(limit)) skip('sends nothing');
        await attempt(limit);
      },
      (e) => e instanceof Wrong,
    );
    return { seen, tally: depth.exploration };
  };

  it('draws on past its share while the pool lends, borrows at most a quarter of it, and lends its reserve back', async () => {
    const pool = { left: 1000 };
    const { seen, tally } = await explore(pool);
    expect(tally).toMatchObject({ requests: part + cap, borrowed: cap, lent: share - part });
    expect(pool.left).toBe(1000 - cap + (share - part));
    // Half the inputs cost no request: more than a share's worth of inputs was drawn.
    expect(seen.length).toBeGreaterThan(share);
  });

  it('with nothing to borrow stops at its share; with a pool draws on the same inputs, the same for a seed', async () => {
    const alone = await explore();
    expect(alone.tally).toMatchObject({ requests: part, borrowed: 0, lent: share - part });
    expect((await explore()).seen).toEqual(alone.seen);
    const lent = await explore({ left: 1000 });
    expect(lent.seen.length).toBeGreaterThan(alone.seen.length);
    expect(lent.seen.slice(0, alone.seen.length)).toEqual(alone.seen);
    expect((await explore({ left: 1000 })).seen).toEqual(lent.seen);
  });

  it('lends what a row that ended left to the rows that go on', async () => {
    const pool = { left: 0 };
    const idle = await explore(pool, () => false);
    expect(idle.tally).toMatchObject({ requests: 0, borrowed: 0, lent: share });
    expect(pool.left).toBe(share);
    const other = 'pagination/products';
    const next = await explore(pool, () => true, other);
    const [otherShare, otherPart] = [allowanceOf(other, 2000), Math.ceil(allowanceOf(other, 2000) * 0.75)];
    const borrowed = Math.ceil(otherShare * 0.25);
    expect(next.tally).toMatchObject({
      requests: otherPart + borrowed,
      borrowed,
      lent: otherShare - otherPart,
    });
    expect(pool.left).toBe(share - borrowed + otherShare - otherPart);
  });

  it('with classes only, judges its classes with the whole share, draws nothing and lends the rest', async () => {
    const pool = { left: 0 };
    const seen: number[] = [];
    const depth = newDepthRecord();
    const classes = Array.from({ length: share - 1 }, (_, k) => fc.constant(2 + (k % 20)));
    await runInputs(
      { ...deep(7, GATE_REQUESTS + 2000), pool },
      'probe',
      { ...inputs, deep: { row, arbitrary: fc.constant(2), classes, classesOnly: true } },
      depth,
      async (limit) => {
        seen.push(limit);
        await attempt(limit);
      },
      (e) => e instanceof Wrong,
    );
    // Past the 75 % a drawing row keeps for exploring, with no draw after the classes.
    expect(seen).toEqual(classes.map((_, k) => 2 + (k % 20)));
    expect(depth.exploration).toMatchObject({ requests: share - 1, borrowed: 0, lent: 1 });
    expect(pool.left).toBe(1);
  });

  it('makes its classes when it starts (of the points not visited yet), borrowing for them past the cap', async () => {
    const visited = new Set<number>();
    const pool = { left: 10 };
    const depth = newDepthRecord();
    await runInputs(
      // No share: every generated request is borrowed.
      { ...deep(7, GATE_REQUESTS), pool },
      'probe',
      {
        ...inputs,
        gate: [1, 2],
        deep: {
          row,
          arbitrary: fc.integer({ min: 1, max: 37 }),
          classes: () => [1, 2, 3, 4, 5].filter((p) => !visited.has(p)).map((p) => fc.constant(p)),
        },
      },
      depth,
      async (limit) => {
        visited.add(limit);
        await attempt(limit);
      },
      (e) => e instanceof Wrong,
    );
    expect(depth.exploration).toMatchObject({ classes: 3, requests: 3, borrowed: 3, lent: 0 });
    expect(pool.left).toBe(7);
  });
});

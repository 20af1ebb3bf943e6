import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getRule } from '../catalogue/rules.ts';
import { CheckContext } from '../check/context.ts';
import { ConformanceFailure, PrerequisiteError } from '../check/failure.ts';
import type { CheckRecord } from '../check/record.ts';
import { ApiClient } from '../http/client.ts';
import type { RunInfo } from '../run/run-info.ts';
import { allowanceOf } from './allocation.ts';
import { explore } from './explore.ts';
import { skipInput } from './record.ts';

/** A loopback server answering `{ "data": [] }` with `meta.page.limit` = min(page[limit], 37): wrong from 38. */
let server: Server;
let baseUrl: string;
let requests = 0;

beforeAll(async () => {
  server = createServer((req, res) => {
    requests += 1;
    const limit = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('page[limit]'));
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify({ data: [], meta: { page: { limit: Math.min(limit, 37) } } }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function context(seed: number, requestBudget: number): { t: CheckContext; record: CheckRecord } {
  const record: CheckRecord = {
    ruleId: 'PAGE-LIMIT',
    level: 'MUST',
    section: '§2.5',
    exchanges: [],
    observations: {},
    assertions: 0,
  };
  const run = { seed, requestBudget, depth: 'deep', baseUrl } as unknown as RunInfo;
  const api = new ApiClient({ baseUrl, token: 'secret', timeoutMs: 5000 });
  return { t: new CheckContext(getRule('PAGE-LIMIT'), run, api, record), record };
}

/** PAGE-LIMIT over page[limit] 1..100: the server above is wrong from 38 on. */
const limitExploration = (t: CheckContext, seen: number[]) => ({
  name: 'pagination/categories' as const,
  arbitrary: fc.integer({ min: 1, max: 100 }),
  show: (limit: number) => `page[limit]=${limit}`,
  judge: async (limit: number, api: { get: ApiClient['get'] }) => {
    seen.push(limit);
    const response = await api.get(`/v2/categories?page[limit]=${limit}`);
    t.expectEqual(
      (response.json as { meta: { page: { limit: number } } }).meta.page.limit,
      limit,
      'meta.page.limit',
      response,
    );
  },
});

describe('explore', () => {
  it('shrinks a failing generated input to the minimal one and names it with the replay command', async () => {
    const { t, record } = context(1234, 2000);
    const error = await explore(t, limitExploration(t, [])).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ConformanceFailure);
    const message = (error as Error).message;
    expect(message).toContain('minimal failing input after');
    expect(message).toContain('page[limit]=38');
    expect(message).toContain('replay: commerce-conformance --seed 1234 --rule PAGE-LIMIT --depth deep');
    // The message still ends with the key exchange, the request of the minimal input.
    expect(message).toMatch(/\(GET http:\/\/127\.0\.0\.1:\d+\/v2\/categories\?page\[limit\]=38\)$/);
    expect(record.depth?.exploration?.shrinks).toBeGreaterThan(0);
  });

  it('sends the same inputs for the same seed, and other inputs for another seed', async () => {
    const draw = async (seed: number) => {
      const { t } = context(seed, 60);
      const seen: number[] = [];
      await explore(t, { ...limitExploration(t, seen), arbitrary: fc.integer({ min: 1, max: 37 }) });
      return seen;
    };
    const first = await draw(99);
    expect(first.length).toBeGreaterThan(0);
    expect(await draw(99)).toEqual(first);
    expect(await draw(100)).not.toEqual(first);
  });

  it('never sends more requests than its share of the budget, shrinking included', async () => {
    for (const budget of [6, 20, 61]) {
      const allowance = allowanceOf('pagination/categories', budget);
      const { t, record } = context(5, budget);
      const before = requests;
      await explore(t, limitExploration(t, [])).catch(() => undefined);
      expect(requests - before).toBeLessThanOrEqual(allowance);
      expect(record.depth?.exploration?.requests).toBe(requests - before);
      expect(record.exchanges.length).toBe(requests - before);
    }
  });

  it('counts distinct judged inputs and skips refused ones with the reason, never failing them', async () => {
    const { t, record } = context(3, 120);
    await explore(t, {
      name: 'pagination/categories',
      arbitrary: fc.integer({ min: 1, max: 10 }),
      show: (n) => `n=${n}`,
      judge: async (n, api) => {
        const response = await api.get(`/v2/categories?page[limit]=${n}`);
        if (n > 5) skipInput('the target refuses it (4xx), which the specification allows');
        t.assert(response.ok, '2xx', String(response.status), response);
      },
    });
    expect(record.depth?.inputs).toBeGreaterThan(0);
    expect(record.depth?.inputs).toBeLessThanOrEqual(5);
    expect(record.depth?.skippedInputs).toBeGreaterThan(0);
    expect(record.depth?.skipReasons[0]).toMatch(/^n=\d+: the target refuses it/);
  });

  it('skips the check when no input could be judged', async () => {
    const { t } = context(3, 120);
    const error = await explore(t, {
      name: 'pagination/categories',
      arbitrary: fc.integer({ min: 1, max: 10 }),
      show: (n) => `n=${n}`,
      judge: async () => skipInput('refused'),
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PrerequisiteError);
    expect((error as Error).message).toMatch(/no generated input could be judged; n=\d+: refused/);
  });
});

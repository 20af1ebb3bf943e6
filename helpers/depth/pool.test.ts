import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../http/client.ts';
import { allowanceOf } from './allocation.ts';
import { BudgetExhausted } from './budget.ts';
import { ExplorationPool, SHRINK_RESERVE } from './pool.ts';

/** A loopback server that notes every request it receives. */
let server: Server;
let baseUrl: string;
let received: string[] = [];

beforeAll(async () => {
  server = createServer((req, res) => {
    received.push(`${req.method} ${req.url}`);
    res.setHeader('content-type', 'application/json');
    res.end('{"data":[]}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

function countingClient(sent: string[]): ApiClient {
  received = sent;
  return new ApiClient({ baseUrl, token: 't', timeoutMs: 5000 });
}

describe('ExplorationPool', () => {
  const run = { seed: 9, requestBudget: 2000 };

  it('fetches a GET once for every check of the pool, and counts it for the check that sent it', async () => {
    const sent: string[] = [];
    const pool = new ExplorationPool('pagination/products', run);
    const shared: unknown[] = [];
    const a = pool.client(countingClient(sent), (r) => shared.push(r));
    const b = pool.client(countingClient(sent), (r) => shared.push(r));
    const [ra, rb] = await Promise.all([
      a.get('/v2/products?page[limit]=3'),
      b.get('/v2/products?page[limit]=3'),
    ]);
    expect(ra).toBe(rb);
    expect(sent).toEqual(['GET /v2/products?page[limit]=3']);
    expect([a.paid, b.paid, pool.budget.used]).toEqual([1, 0, 1]);
    expect(shared).toEqual([rb]);
  });

  it('explores until the shrink reserve, and spends the reserve only when shrinking', async () => {
    const sent: string[] = [];
    const pool = new ExplorationPool('pagination/max-limit', { seed: 9, requestBudget: 100 });
    const allowance = allowanceOf('pagination/max-limit', 100);
    expect(pool.budget.allowance).toBe(allowance);
    expect(pool.exploreLimit).toBe(Math.ceil(allowance * (1 - SHRINK_RESERVE)));
    const client = pool.client(countingClient(sent), () => {});
    for (let i = 0; i < pool.exploreLimit; i++) await client.get(`/v2/x?i=${i}`);
    await expect(client.get('/v2/x?i=more')).rejects.toThrow(BudgetExhausted);
    client.shrinking = true;
    for (let i = pool.exploreLimit; i < allowance; i++) await client.get(`/v2/x?i=${i}`);
    await expect(client.get('/v2/x?i=last')).rejects.toThrow(BudgetExhausted);
    expect(sent.length).toBe(allowance);
  });
});

describe('PoolClient.memo', () => {
  const run = { seed: 9, requestBudget: 2000 };

  it('makes a value of several requests once for the checks of the pool, each getting its evidence', async () => {
    const sent: string[] = [];
    const pool = new ExplorationPool('pagination/products', run);
    const sharedA: unknown[] = [];
    const sharedB: unknown[] = [];
    const a = pool.client(countingClient(sent), (r) => sharedA.push(r));
    const b = pool.client(countingClient(sent), (r) => sharedB.push(r));
    const twoPages = (client: typeof a) => async () => [
      await client.send('GET', '/v2/products?page[limit]=2&page[offset]=0'),
      await client.send('GET', '/v2/products?page[limit]=2&page[offset]=2'),
    ];
    const first = await a.memo('walk 2', twoPages(a), (pages) => pages);
    const second = await b.memo('walk 2', twoPages(b), (pages) => pages);
    expect(second).toBe(first);
    expect(sent).toHaveLength(2);
    expect([a.paid, b.paid, pool.budget.used]).toEqual([2, 0, 2]);
    expect(sharedA).toEqual([]);
    expect(sharedB).toEqual(first);
    // Another key is made again; a GET of the same path is not taken for it.
    await b.memo('walk 3', twoPages(b), (pages) => pages);
    await b.get('/v2/products?page[limit]=2&page[offset]=0');
    expect(sent).toHaveLength(5);
  });

  it('does not share a failure: the next check makes the value again', async () => {
    const pool = new ExplorationPool('pagination/products', run);
    const a = pool.client(countingClient([]), () => {});
    await expect(
      a.memo(
        'k',
        async () => Promise.reject(new Error('lost')),
        () => [],
      ),
    ).rejects.toThrow('lost');
    await expect(
      a.memo(
        'k',
        async () => 'made',
        () => [],
      ),
    ).resolves.toBe('made');
  });
});

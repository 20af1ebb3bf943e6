import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../../reference/server.ts';
import {
  type LoopbackProxy,
  type ProxyAction,
  startLoopbackProxy,
} from '../../test-support/proxy/loopback-proxy.ts';
import { ApiClient, TargetUnavailableError, TransportError } from './client.ts';
import type { Evidence } from './evidence.ts';
import { DEFAULT_RETRY_POLICY } from './retry.ts';

/** The client's retries, through a fault-injecting proxy in front of a reference server. */
let server: ReferenceServer;
let proxy: LoopbackProxy;
/** Per path: the actions for the first requests, then forward. */
const script = new Map<string, ProxyAction[]>();

beforeAll(async () => {
  server = await startReferenceServer();
  proxy = await startLoopbackProxy(server.url, {
    decide: ({ path }) => script.get(new URL(path, 'http://x').pathname)?.shift() ?? 'forward',
  });
});

afterAll(async () => {
  await proxy.close();
  await server.close();
});

function client(retry: Partial<typeof DEFAULT_RETRY_POLICY> = {}) {
  return new ApiClient({
    baseUrl: proxy.url,
    token: server.token,
    timeoutMs: 2000,
    retry: { ...DEFAULT_RETRY_POLICY, baseDelayMs: 5, ...retry },
  });
}

const declined = (status: number, retryAfter: string): ProxyAction => ({
  status,
  headers: { 'retry-after': retryAfter },
  body: '{"errors":[{"status":"busy"}]}',
});

describe('ApiClient retries', () => {
  it('retries a reset GET and a 503 / 429 with Retry-After, and journals the final answer once, with its attempt', async () => {
    script.set('/v2/products', ['reset', declined(503, '0'), declined(429, '0')]);
    const api = client();
    const res = await api.get('/v2/products');
    expect(res.status).toBe(200);
    const seen: Evidence[] = api.journal.exchanges().map((e) => e.evidence);
    expect(seen.map((e) => [e.response?.status, e.attempt])).toEqual([[200, 4]]);
  });

  it('journals a request without an answer once, after its retries', async () => {
    script.set('/v2/categories', ['reset']);
    const api = client();
    await expect(api.post('/v2/categories', { json: { a: 1 } })).rejects.toBeInstanceOf(TransportError);
    expect(api.journal.exchanges().map((e) => [e.method, e.response, e.evidence.error])).toEqual([
      ['POST', undefined, 'connection reset'],
    ]);
  });

  it('does not send a POST again after a reset (it may have reached the target)', async () => {
    script.set('/v2/categories', ['reset']);
    const before = proxy.log.length;
    await expect(client().post('/v2/categories', { json: {} })).rejects.toBeInstanceOf(TransportError);
    expect(proxy.log.length - before).toBe(1);
  });

  it('judges a 503 without Retry-After as the answer', async () => {
    script.set('/v2/integrations', [{ status: 503, body: '{}' }]);
    const res = await client().get('/v2/integrations');
    expect(res.status).toBe(503);
  });

  it('retries a declined request as often as asked, slowing down, and gives up only after waiting maxThrottledMs', async () => {
    // Ten refusals in a row, then the answer: more than the retries of a transport failure, still answered.
    script.set(
      '/v2/orders',
      Array.from({ length: 10 }, () => declined(503, '0')),
    );
    const patient = client();
    expect((await patient.get('/v2/orders')).status).toBe(200);
    expect(patient.pace.limit).toBeLessThan(Number.POSITIVE_INFINITY);
    // A target that keeps declining past the time a request may wait: not evaluated, never an answer to judge.
    script.set(
      '/v2/orders',
      Array.from({ length: 1000 }, () => declined(503, '0')),
    );
    const api = client({ maxThrottledMs: 60 });
    const error = await api.get('/v2/orders').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TargetUnavailableError);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(
      /declined the request for now \(503 with Retry-After: 0\) \(after \d+ attempts\)/,
    );
    expect(api.journal.exchanges()).toHaveLength(1);
    script.delete('/v2/orders');
  });

  it('ends a GET the target resets every time after the bounded retries', async () => {
    script.set(
      '/v2/files',
      Array.from({ length: 10 }, (): ProxyAction => 'reset'),
    );
    const error = await client()
      .get('/v2/files')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toMatch(/connection reset \(after 4 attempts\)/);
    script.delete('/v2/files');
  });
});

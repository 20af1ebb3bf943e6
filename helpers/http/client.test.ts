import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BudgetExhausted, RequestBudget } from '../inputs/budget.ts';
import { ApiClient, TransportError } from './client.ts';
import { type Evidence, toCurl } from './evidence.ts';
import { type Exchange, sending } from './journal.ts';
import { createRedactor } from './redact.ts';

const TOKEN = 'tok-secret-1234';
let server: Server;
let baseUrl: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => {
      body += c;
    });
    req.on('end', () => {
      const path = new URL(req.url ?? '/', 'http://x').pathname;
      if (path === '/v2/echo') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            data: {
              method: req.method,
              auth: req.headers.authorization ?? null,
              body,
              names: req.rawHeaders,
            },
          }),
        );
      } else if (path === '/v2/text') {
        res.writeHead(503, { 'content-type': 'text/plain' });
        res.end(`down, token was ${TOKEN}`);
      } else if (path === '/v2/hang') {
        // never answers; the client's timeout must end it
      } else {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end('{"errors":[{"status":404}]}');
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

describe('ApiClient', () => {
  it('sends the token, parses JSON and records a redacted exchange', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 2000 });
    const res = await client.post('/v2/echo?page[limit]=2', { json: { data: { a: 1 } } });
    const seen: Evidence[] = client.journal.exchanges().map((x) => x.evidence);
    expect(res.status).toBe(200);
    expect(res.ok).toBe(true);
    expect(res.declaresJson).toBe(true);
    expect(res.data).toMatchObject({ method: 'POST', auth: `Bearer ${TOKEN}`, body: '{"data":{"a":1}}' });
    expect(seen).toHaveLength(1);
    const recorded = JSON.stringify(seen[0]);
    expect(recorded).not.toContain(TOKEN);
    expect(seen[0]?.request.headers.Authorization).toBe('Bearer [redacted]');
    expect(seen[0]?.request.url).toBe(`${baseUrl}/v2/echo?page[limit]=2`);
    expect(seen[0]?.response?.status).toBe(200);
    expect(seen[0]?.curl).toContain('"Authorization: Bearer $CONFORMANCE_TOKEN"');
  });

  it('sends no Authorization header, or a given one, when asked', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 2000 });
    expect((await client.get('/v2/echo', { auth: 'none' })).data).toMatchObject({ auth: null });
    const res = await client.get('/v2/echo', { auth: { authorization: 'Bearer not-valid' } });
    expect(res.data).toMatchObject({ auth: 'Bearer not-valid' });
    expect(res.evidence.request.headers.Authorization).toBe('Bearer not-valid');
  });

  it('keeps connections alive: requests with other credentials travel on a connection the token used', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 2000 });
    let connections = 0;
    const count = () => connections++;
    server.on('connection', count);
    await client.get('/v2/echo');
    await client.get('/v2/echo', { auth: { authorization: 'Bearer not-valid' } });
    await client.get('/v2/echo', { auth: 'none' });
    server.off('connection', count);
    expect(connections).toBe(1);
  });

  it('sends any method, and the Authorization header under the name as given', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 2000 });
    for (const method of ['OPTIONS', 'PROPFIND', 'PATCH', 'PUT'] as const)
      expect((await client.send(method, '/v2/echo')).data).toMatchObject({ method, auth: `Bearer ${TOKEN}` });
    const head = await client.send('HEAD', '/v2/echo');
    expect([head.status, head.text]).toEqual([200, '']);
    const named = await client.get('/v2/echo', {
      auth: { authorization: `Bearer ${TOKEN}`, name: 'AUTHORIZATION' },
    });
    expect((named.data as { names: string[] }).names).toContain('AUTHORIZATION');
    expect((named.data as { names: string[] }).names).not.toContain('Authorization');
    expect(named.evidence.request.headers.AUTHORIZATION).toBe('Bearer [redacted]');
    expect(
      client.journal
        .exchanges()
        .map((x) => [x.method, x.credentials])
        .slice(-2),
    ).toEqual([
      ['HEAD', 'token'],
      ['GET', 'token'],
    ]);
  });

  it('returns error statuses instead of throwing, keeps raw text, and redacts secrets in bodies', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 2000 });
    const res = await client.get('/v2/text');
    expect(res.status).toBe(503);
    expect(res.declaresJson).toBe(false);
    expect(res.json).toBeUndefined();
    expect(res.text).toContain(TOKEN);
    expect(res.evidence.response?.body).toBe('down, token was [redacted]');
  });

  it('sends a raw body exactly as given', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 2000 });
    const res = await client.post('/v2/echo', { raw: '{"data":' });
    expect(res.data).toMatchObject({ body: '{"data":' });
    expect(res.evidence.request.headers['Content-Type']).toBe('application/json');
  });

  it('throws a TransportError with the exchange on timeout and on a refused connection', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 150 });
    const timeout = await client.get('/v2/hang').catch((e: unknown) => e);
    expect(timeout).toBeInstanceOf(TransportError);
    expect((timeout as TransportError).message).toMatch(/timeout/);
    expect((timeout as TransportError).evidence.response).toBeUndefined();

    const refused = new ApiClient({ baseUrl: 'http://127.0.0.1:1', token: TOKEN, timeoutMs: 1000 });
    const error = await refused.get('/v2/echo').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).message).toMatch(/connection refused/);
  });
});

describe('the journal', () => {
  it('records each request once with its source, credentials and the request as asked for', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 2000 });
    const inner: Exchange[] = [];
    await sending(
      { source: { kind: 'provisioning', name: 'make it' }, onExchange: (e) => inner.push(e) },
      () => client.get('/v2/echo?x=1', { auth: 'none' }),
    );
    await client.get('/v2/echo');
    const [first, second] = client.journal.exchanges();
    expect(first).toMatchObject({
      source: { kind: 'provisioning', name: 'make it' },
      method: 'GET',
      target: '/v2/echo?x=1',
      credentials: 'none',
      options: { auth: 'none' },
    });
    expect(inner).toEqual([first]);
    expect(second?.credentials).toBe('token');
    expect(second?.sent).toBeGreaterThan(first?.sent ?? Infinity);
  });

  it('classifies the credentials by the Authorization header sent, whichever option set it', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 2000 });
    await client.get('/v2/echo', { auth: { authorization: '' } });
    await client.get('/v2/echo', { auth: { authorization: `bearer ${TOKEN}` } });
    await client.get('/v2/echo', { auth: { authorization: `Bearer ${TOKEN}x` } });
    await client.get('/v2/echo', { auth: 'none', headers: { authorization: `Bearer ${TOKEN}` } });
    const echoed = await client.get('/v2/echo', { headers: { authorization: 'Bearer other' } });
    expect(client.journal.exchanges().map((e) => e.credentials)).toEqual([
      'none',
      'respelled',
      'other',
      'token',
      'token',
    ]);
    expect((echoed.data as { auth: string }).auth).toBe(`Bearer ${TOKEN}`);
  });

  it('counts each attempt against the budget of its context and refuses one past it before sending', async () => {
    const client = new ApiClient({ baseUrl, token: TOKEN, timeoutMs: 2000 });
    const budget = new RequestBudget(1);
    await sending({ budget }, async () => {
      await client.get('/v2/echo');
      await expect(client.get('/v2/echo')).rejects.toBeInstanceOf(BudgetExhausted);
    });
    expect(budget.used).toBe(1);
    expect(client.journal.exchanges()).toHaveLength(1);
  });
});

describe('toCurl', () => {
  it('quotes for the shell and rebuilds the token from $CONFORMANCE_TOKEN', () => {
    expect(
      toCurl({
        method: 'POST',
        url: "http://h/v2/x?q='1'",
        headers: { Authorization: 'Bearer [redacted]', 'Content-Type': 'application/json' },
        body: `{"a":"it's"}`,
      }),
    ).toBe(
      `curl -i -g -X POST 'http://h/v2/x?q='\\''1'\\''' -H "Authorization: Bearer $CONFORMANCE_TOKEN" -H 'Content-Type: application/json' --data-raw '{"a":"it'\\''s"}'`,
    );
  });
});

describe('createRedactor', () => {
  it('replaces every secret, URL-encoded ones too, and ignores tiny values', () => {
    const r = createRedactor(['s3cr/et', undefined, 'ab']);
    expect(r.text('a s3cr/et b s3cr%2Fet ab')).toBe('a [redacted] b [redacted] ab');
    expect(r.headers({ 'x-echo': 's3cr/et' })).toEqual({ 'x-echo': '[redacted]' });
  });
});

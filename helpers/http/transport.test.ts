import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendOnWire, WireTimeoutError } from './transport.ts';

/** What the server received: the request line, the raw headers in order, the body. */
const received: string[] = [];
let server: Server;
let baseUrl: string;

const ROUTES: Record<string, (res: ServerResponse) => void> = {
  '/gzip': (res) => {
    res.writeHead(200, { 'content-encoding': 'gzip', 'set-cookie': ['a=1', 'b=2'] });
    res.end(gzipSync('{"packed":"gzip ü"}'));
  },
  '/deflate': (res) => {
    res.writeHead(200, { 'content-encoding': 'deflate' });
    res.end(deflateSync('deflated'));
  },
  '/br': (res) => {
    res.writeHead(200, { 'content-encoding': 'br' });
    res.end(brotliCompressSync('brotli'));
  },
  '/no-content': (res) => {
    res.writeHead(204, { 'content-encoding': 'gzip' });
    res.end();
  },
  '/cut': (res) => {
    // Promises 100 bytes, sends 5, and closes the connection.
    res.writeHead(200, { 'content-length': '100' });
    res.write('short');
    setTimeout(() => res.socket?.destroy(), 20);
  },
  '/hang': () => {},
};

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      const host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
      received.push(`${req.method} ${req.url}|${req.rawHeaders.join('|').replace(host, 'HOST')}|${body}`);
      const route = ROUTES[req.url ?? ''];
      if (route) return route(res);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end('{"ok":true}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const send = (path: string, extra: { method?: string; body?: string; timeoutMs?: number } = {}) =>
  sendOnWire({
    method: extra.method ?? 'GET',
    url: `${baseUrl}${path}`,
    headers: { Accept: 'application/json', 'X-Given': 'yes' },
    ...(extra.body === undefined ? {} : { body: extra.body }),
    timeoutMs: extra.timeoutMs ?? 2000,
  });

describe('sendOnWire', () => {
  it('sends the given headers, then Accept-Encoding and Content-Length, on a connection of its own', async () => {
    received.length = 0;
    const response = await send('/v2/items?page[limit]=1&q=a b', { method: 'POST', body: '{"é":1}' });
    expect(response).toMatchObject({ status: 201, text: '{"ok":true}' });
    expect(response.headers['content-type']).toBe('application/json');
    expect(received).toEqual([
      'POST /v2/items?page[limit]=1&q=a%20b|Accept|application/json|X-Given|yes|Host|HOST|Accept-Encoding|gzip, deflate|Content-Length|8|Connection|close|{"é":1}',
    ]);
  });

  it('decompresses gzip, deflate and br bodies, and keeps repeated headers', async () => {
    const gzip = await send('/gzip');
    expect(gzip.text).toBe('{"packed":"gzip ü"}');
    expect(gzip.headers['set-cookie']).toEqual(['a=1', 'b=2']);
    expect((await send('/deflate')).text).toBe('deflated');
    expect((await send('/br')).text).toBe('brotli');
    expect(await send('/no-content')).toMatchObject({ status: 204, text: '' });
  });

  it('rejects with a timeout error when no answer comes in time', async () => {
    const error = await send('/hang', { timeoutMs: 100 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(WireTimeoutError);
    expect(error).toMatchObject({ code: 'ECONNABORTED', timeout: 100 });
  });

  it('rejects with a reset when the connection closes before the end of the body', async () => {
    expect(await send('/cut').catch((e: unknown) => e)).toMatchObject({ code: 'ECONNRESET' });
  });

  it("rejects with Node's error when nothing listens", async () => {
    const error = await sendOnWire({
      method: 'GET',
      url: 'http://127.0.0.1:1/v2',
      headers: {},
      timeoutMs: 1000,
    })
      .then(() => undefined)
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'ECONNREFUSED' });
  });
});

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A response passing through the proxy. */
export interface ProxiedResponse {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

/** Changes what the upstream answered (or returns it as it is). */
export type Edit = (request: { method: string; path: string }, response: ProxiedResponse) => ProxiedResponse;

/** Where a request goes: a base URL, or one chosen for each request from what it carries. */
export type Upstream =
  | string
  | ((request: { method: string; path: string; headers: Record<string, string>; body: Buffer }) => string);

/**
 * A loopback HTTP proxy in front of `upstream` (e.g. a reference server) that lets a test break the
 * specification on purpose: every answer goes through `edit`.
 */
export async function startProxy(
  upstream: Upstream,
  edit: Edit,
): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((req, res) => {
    void forward(upstream, req, edit).then(
      (answer) => {
        res.writeHead(answer.status, answer.headers);
        res.end(answer.body);
      },
      (error: unknown) => {
        res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(String(error));
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const HOP_BY_HOP = new Set([
  'connection',
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'keep-alive',
]);

async function forward(upstream: Upstream, req: IncomingMessage, edit: Edit): Promise<ProxiedResponse> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (typeof value === 'string' && !HOP_BY_HOP.has(name) && name !== 'host') headers[name] = value;
  }
  const method = req.method ?? 'GET';
  const body = Buffer.concat(chunks);
  const base =
    typeof upstream === 'string' ? upstream : upstream({ method, path: req.url ?? '/', headers, body });
  const answer = await fetch(`${base}${req.url ?? '/'}`, {
    method,
    headers,
    ...(chunks.length > 0 ? { body } : {}),
  });
  const out: Record<string, string> = {};
  answer.headers.forEach((value, name) => {
    if (!HOP_BY_HOP.has(name)) out[name] = value;
  });
  return edit(
    { method, path: req.url ?? '/' },
    { status: answer.status, headers: out, body: await answer.text() },
  );
}

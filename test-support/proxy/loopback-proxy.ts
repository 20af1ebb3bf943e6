import { Agent, createServer, type IncomingMessage, request, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the proxy saw it. */
export interface ProxiedRequest {
  readonly method: string;
  /** Path and query string, as sent. */
  readonly path: string;
  /** 0-based position of the request among all requests the proxy received. */
  readonly index: number;
}

/**
 * What the proxy does with a request: pass it on, reset the connection without answering, never answer
 * (until the proxy stops), or answer itself without asking the upstream.
 */
export type ProxyAction =
  | 'forward'
  | 'reset'
  | 'hang'
  | {
      readonly status: number;
      readonly headers?: Readonly<Record<string, string>>;
      readonly body?: string;
    };

/** One line of the proxy's log. */
export interface ProxyLogEntry {
  readonly method: string;
  readonly path: string;
  /** The status sent back, or `reset` / `hang` / `error` (the upstream could not be reached). */
  readonly outcome: number | 'reset' | 'hang' | 'error';
  /** The upstream's answer, with {@link ProxyOptions.keepBodies}. */
  readonly body?: string;
}

export interface ProxyOptions {
  /** A fixed delay before each request is handled, in ms (a simulated round trip). Default 0. */
  readonly delayMs?: number;
  /** Decides what to do with each request; default: forward every request. */
  readonly decide?: (request: ProxiedRequest) => ProxyAction;
  /** Keep the upstream's answers to these requests in the log (e.g. to learn the ids of created records). */
  readonly keepBodies?: (request: ProxiedRequest) => boolean;
}

export interface LoopbackProxy {
  /** `http://127.0.0.1:<port>`: use it as the base URL instead of the upstream's. */
  readonly url: string;
  /** Every request received, in order of arrival (the outcome is filled in when known). */
  readonly log: readonly ProxyLogEntry[];
  /** Stops answering at once: closes the listener and destroys every open connection (a dead target). */
  kill(): void;
  /** Closes the proxy (and its open connections). */
  close(): Promise<void>;
}

const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'transfer-encoding', 'proxy-connection', 'upgrade']);

/**
 * Starts an HTTP proxy on a loopback port in front of `upstream` (e.g. a reference server). It counts and logs
 * every request, can add a fixed delay to each (the benchmark's simulated distance) and can inject faults
 * (connection resets, hangs, its own answers such as 429 or 503 with `Retry-After`) chosen per request.
 * Used by `npm run bench` and by the robustness tests.
 */
export async function startLoopbackProxy(
  upstream: string,
  options: ProxyOptions = {},
): Promise<LoopbackProxy> {
  const target = new URL(upstream);
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  const sockets = new Set<Socket>();
  const log: { method: string; path: string; outcome: ProxyLogEntry['outcome']; body?: string }[] = [];
  let count = 0;
  let killed = false;

  const server = createServer((req, res) => {
    const entry = {
      method: req.method ?? 'GET',
      path: req.url ?? '/',
      outcome: 'hang' as ProxyLogEntry['outcome'],
    };
    log.push(entry);
    const proxied: ProxiedRequest = { method: entry.method, path: entry.path, index: count++ };
    const act = () => {
      if (killed) return;
      const action = options.decide?.(proxied) ?? 'forward';
      if (action === 'reset') {
        entry.outcome = 'reset';
        req.socket.resetAndDestroy();
        return;
      }
      if (action === 'hang') return;
      if (action !== 'forward') {
        entry.outcome = action.status;
        req.resume();
        res.writeHead(action.status, { 'content-type': 'application/json', ...action.headers });
        res.end(action.body ?? '');
        return;
      }
      forward(req, res, entry, options.keepBodies?.(proxied) ?? false);
    };
    if (options.delayMs) setTimeout(act, options.delayMs);
    else act();
  });

  const forward = (req: IncomingMessage, res: ServerResponse, entry: (typeof log)[number], keep: boolean) => {
    const headers: Record<string, string | string[]> = {};
    for (const [name, value] of Object.entries(req.headers)) {
      if (value !== undefined && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = target.host;
    const upstreamRequest = request(
      {
        protocol: target.protocol,
        hostname: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers,
        agent,
      },
      (answer) => {
        entry.outcome = answer.statusCode ?? 0;
        const out: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(answer.headers)) {
          if (value !== undefined && !HOP_BY_HOP.has(name)) out[name] = value;
        }
        res.writeHead(answer.statusCode ?? 502, out);
        if (keep) {
          entry.body = '';
          answer.on('data', (chunk: Buffer) => {
            entry.body += chunk.toString();
          });
        }
        answer.pipe(res);
      },
    );
    upstreamRequest.on('error', (error) => {
      entry.outcome = 'error';
      if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`proxy: ${error.message}`);
    });
    req.pipe(upstreamRequest);
  };

  server.on('connection', (socket) => {
    if (killed) {
      socket.destroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const closed = new Promise<void>((resolve) => server.once('close', () => resolve()));
  const { port } = server.address() as AddressInfo;

  const kill = () => {
    if (killed) return;
    killed = true;
    server.close();
    for (const socket of sockets) socket.destroy();
    agent.destroy();
  };
  return {
    url: `http://127.0.0.1:${port}`,
    log,
    kill,
    close: async () => {
      kill();
      await closed;
    },
  };
}

/** What a {@link throttling} proxy injected so far. */
export interface Injected {
  throttled: number;
  reset: number;
}

/**
 * A busy staging, seeded: 15 % of the requests answered by the proxy itself with 429 or 503 and `Retry-After`
 * (`retryAfter`, default 1 s for a 429 and 0 for a 503), and 5 % of the requests that are safe to send again
 * (GET, DELETE) reset. Counts what it injected in `injected`.
 */
export function throttling(
  seed: number,
  injected: Injected,
  retryAfter?: string,
): (request: ProxiedRequest) => ProxyAction {
  let state = seed;
  const random = () => {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    return state / 2 ** 31;
  };
  return ({ method }) => {
    const r = random();
    if (r < 0.15) {
      injected.throttled += 1;
      const status = r < 0.075 ? 429 : 503;
      const wait = retryAfter ?? (status === 429 ? '1' : '0');
      return { status, headers: { 'retry-after': wait }, body: `{"errors":[{"status":${status}}]}` };
    }
    if (r < 0.2 && (method === 'GET' || method === 'DELETE')) {
      injected.reset += 1;
      return 'reset';
    }
    return 'forward';
  };
}

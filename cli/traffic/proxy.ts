/**
 * `proxy --target URL`: a forwarding proxy that passes every exchange through unchanged and streamed, then
 * judges it by the exchange rules (`passive.ts`); what cannot be judged (too large, cut short) is counted.
 */

import { createServer, Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import { type Environment, parseBaseUrl } from '../../helpers/config/config.ts';
import { ConfigError } from '../../helpers/config/errors.ts';
import { stopped } from '../../reference/serve.ts';
import type { CommandOf, Output } from '../args.ts';
import { outcomeOf, type RunOutcome } from '../run.ts';
import { decodeBody, UNDECODABLE } from './har-entry.ts';
import { noVerdict, PassiveJudging, passiveSettings } from './passive.ts';
import { apiPath, type Recorded, recorded } from './recorded.ts';

export interface ProxyOptions extends Omit<CommandOf<'proxy'>, 'settings'>, Output {
  readonly env: Environment;
  /** Largest body judged (default 16 MB; bodies above it are passed through, not judged). */
  readonly maxBody?: number;
  /** Aborting stops the proxy: the reports are written. */
  readonly signal?: AbortSignal;
}

/** Judging waits for a quiet moment without a new request (or this many waiting), so no request waits on it. */
const QUIET_MS = 5;
const MAX_WAITING = 64;

/** Serves until the signal; returns the outcome of what was judged (exit codes as for `traffic`). */
export async function runProxy(options: ProxyOptions): Promise<RunOutcome> {
  let base: string;
  let passive: PassiveJudging;
  try {
    base = parseBaseUrl(options.target) as string;
    passive = new PassiveJudging(passiveSettings(base, options.env));
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    return noVerdict(error.message.replace(/^CONFORMANCE_BASE_URL/, '--target'));
  }
  const target = new URL(base);
  const secure = target.protocol === 'https:';
  const agent = new (secure ? HttpsAgent : HttpAgent)({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const maxBody = options.maxBody ?? 16 * 1024 * 1024;
  const sources = [`proxy to ${base}`];
  const waiting: (() => void)[] = [];
  let quiet: NodeJS.Timeout | undefined;
  const drain = () => {
    clearTimeout(quiet);
    for (const task of waiting.splice(0)) task();
  };
  const schedule = () => {
    clearTimeout(quiet);
    quiet = setTimeout(drain, QUIET_MS);
  };
  let count = 0;

  const server = createServer((req, res) => {
    if (waiting.length > 0) schedule();
    const [started, sent, number, path] = [Date.now(), passive.now(), ++count, req.url ?? '/'];
    const url = `${base}${path}`;
    const inApi = apiPath(url, base) !== undefined;
    let judged = false;
    const judge = (exchange: Recorded, answeredAt?: number) => {
      if (judged || !inApi) return;
      judged = true;
      for (const failure of passive.add(exchange, answeredAt)) {
        const asked = exchange.kind === 'exchange' ? exchange.x.evidence.request : undefined;
        const flat = (text: string) => {
          const one = text.replace(/\s+/g, ' ').trim();
          return one.length > 300 ? `${one.slice(0, 299)}…` : one;
        };
        const line = `FAIL ${failure.ruleId} ${failure.level}${asked ? ` ${asked.method} ${asked.url}` : ''}: expected ${flat(failure.expected)}, got ${flat(failure.actual)}`;
        options.out(passive.secrets.redactor().text(line));
      }
    };
    const requestBody = new Tee(maxBody);
    const upstream = send(
      `${target.origin}${target.pathname.replace(/\/$/, '')}${path}`,
      { method: req.method, headers: { ...req.headers, host: target.host }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        const answerBody = new Tee(maxBody);
        answer.on('data', (chunk: Buffer) => answerBody.add(chunk));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        res.on('close', () => {
          if (!inApi) return;
          const [answeredAt, durationMs] = [passive.now(), Date.now() - started];
          waiting.push(() => {
            const text = decodeBody(answerBody.bytes(), answer.headers['content-encoding']);
            const cut = !answer.complete && 'the exchange was cut short (client aborted or target reset)';
            const reason = cut || requestBody.over || answerBody.over;
            if (reason || text === undefined)
              return judge({ kind: 'not judged', reason: reason ?? UNDECODABLE });
            const body = requestBody.size > 0 ? requestBody.bytes().toString('utf8') : undefined;
            passive.secrets.learn(rawPairs(req.rawHeaders), url, body);
            passive.secrets.learn(rawPairs(answer.rawHeaders), undefined, text);
            const plainRequest = { method: req.method ?? 'GET', url, path, headers: plainHeaders(req) };
            const name = `the proxy's exchange ${number} (started ${new Date(started).toISOString()})`;
            judge(
              recorded(
                body === undefined ? plainRequest : { ...plainRequest, body },
                { status: answer.statusCode ?? 0, headers: plainHeaders(answer), text },
                { source: { kind: 'recording', name }, sent, durationMs },
                passive.secrets,
              ),
              answeredAt,
            );
          });
          if (waiting.length >= MAX_WAITING) drain();
          else schedule();
        });
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      judge({ kind: 'not judged', reason: `no answer from the target (${error.code ?? error.message})` });
      if (res.headersSent) return res.destroy();
      const detail = `the proxy's target did not answer (${error.code ?? 'error'})`;
      res.writeHead(502, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ errors: [{ status: 502, title: 'Bad Gateway', detail }] }));
    });
    req.on('data', (chunk: Buffer) => requestBody.add(chunk));
    req.pipe(upstream);
    req.on('error', () => upstream.destroy());
    res.on('close', () => {
      if (res.writableFinished) return;
      if (!res.headersSent) judge({ kind: 'not judged', reason: 'the client went away before the answer' });
      upstream.destroy();
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  const refused = await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  }).catch((error: NodeJS.ErrnoException) => error.code ?? String(error));
  if (refused) return noVerdict(`proxy: cannot listen on ${options.host}:${options.port} (${refused})`);
  const { address, family, port } = server.address() as AddressInfo;
  options.out(`listening http://${family === 'IPv6' ? `[${address}]` : address}:${port}`);

  const write = () => passive.write(sources, options.strict, options.env);
  const timer =
    options.reportEvery === undefined
      ? undefined
      : setInterval(() => {
          drain();
          if (passive.summary(sources).judged > 0) write();
        }, options.reportEvery * 1000);
  timer?.unref();

  await stopped(options.signal);
  clearInterval(timer);
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
  agent.destroy();
  drain();
  const summary = passive.summary(sources);
  if (summary.exchanges === 0)
    return noVerdict(`No exchange of the API under ${base}/v2 went through the proxy: no report written.`);
  if (summary.judged === 0)
    return noVerdict(
      `No verdict: none of the ${summary.exchanges} exchange(s) with ${base}/v2 through the proxy could be judged (${summary.notJudged.map((n) => `${n.count} ${n.reason}`).join('; ')}). No report written.`,
    );
  return outcomeOf(write());
}

/** The first bytes of a body, up to a limit: past it, the body is not judged. */
class Tee {
  readonly #chunks: Buffer[] = [];
  size = 0;
  over: string | undefined;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size <= this.limit) this.#chunks.push(chunk);
    else {
      this.over = `a body larger than the proxy's limit (${this.limit} bytes)`;
      this.#chunks.length = 0;
    }
  }

  bytes(): Buffer {
    return Buffer.concat(this.#chunks);
  }
}

/** Headers as the journal keeps them: names in lower case, repeated ones joined. */
function plainHeaders(message: IncomingMessage): Record<string, string> {
  const given = Object.entries(message.headers).filter(([, value]) => value !== undefined);
  return Object.fromEntries(given.map(([name, value]) => [name, [value].flat().join(', ')]));
}

/** `rawHeaders` (name, value, name, value…) as pairs. */
function rawPairs(raw: readonly string[]): { name: string; value: string }[] {
  return Array.from({ length: raw.length >> 1 }, (_, i) => ({
    name: `${raw[2 * i]}`,
    value: `${raw[2 * i + 1]}`,
  }));
}

/**
 * `proxy --target URL`: a forwarding proxy that passes every exchange through unchanged and streamed, then
 * judges it by the exchange rules (`passive.ts`); what cannot be judged (too large, cut short) is counted.
 */

import { createServer, Agent as HttpAgent, request as httpRequest, type IncomingMessage } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { ConformanceFailure } from '../../helpers/check/failure.ts';
import { type Environment, parseBaseUrl } from '../../helpers/config/config.ts';
import { ConfigError } from '../../helpers/config/errors.ts';
import { stopped } from '../../reference/serve.ts';
import type { CommandOf, Output } from '../args.ts';
import { outcomeOf, type RunOutcome } from '../run.ts';
import { decodeBody, UNDECODABLE } from './har-entry.ts';
import { noVerdict, PassiveJudging, passiveSettings } from './passive.ts';
import { apiPath, type PlainAnswer, type PlainRequest, type Recorded, recorded } from './recorded.ts';

/** Bodies above this size are passed through but not judged (CONFORMANCE_PROXY_MAX_BODY is not a setting). */
export const PROXY_MAX_BODY = 16 * 1024 * 1024;

export interface ProxyOptions extends Omit<CommandOf<'proxy'>, 'settings'>, Output {
  readonly env: Environment;
  /** Largest body judged (default {@link PROXY_MAX_BODY}). */
  readonly maxBody?: number;
  /** Aborting stops the proxy: the reports are written. */
  readonly signal?: AbortSignal;
}

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
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });
  const send = secure ? httpsRequest : httpRequest;
  const maxBody = options.maxBody ?? PROXY_MAX_BODY;
  const reportDir = options.env.CONFORMANCE_REPORT_DIR?.trim() || 'reports';
  const sources = [`proxy to ${base}`];
  let count = 0;

  const judge = (recordedExchange: Recorded, done: { judged?: boolean }, answeredAt?: number) => {
    if (done.judged) return;
    done.judged = true;
    for (const failure of passive.add(recordedExchange, answeredAt)) {
      const where = recordedExchange.kind === 'exchange' ? recordedExchange.x.evidence.request : undefined;
      options.out(passive.secrets.redactor().text(failLine(failure, where)));
    }
  };

  const judging = new Later();
  const server = createServer((req, res) => {
    judging.arrived();
    const started = Date.now();
    const done: { judged?: boolean } = {};
    const sent = passive.now();
    count += 1;
    const number = count;
    const path = req.url ?? '/';
    const url = `${base}${path}`;
    const inApi = apiPath(url, base) !== undefined;
    const requestBody = new Tee(maxBody);
    const headers = { ...req.headers, host: target.host };
    const upstream = send(
      `${target.origin}${target.pathname.replace(/\/$/, '')}${path}`,
      { method: req.method, headers, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        const answerBody = new Tee(maxBody);
        answer.on('data', (chunk: Buffer) => answerBody.add(chunk));
        answer.pipe(res);
        answer.on('error', () => res.destroy());
        res.on('close', () => {
          if (!inApi) return;
          const answeredAt = passive.now();
          const durationMs = Date.now() - started;
          judging.later(() => judgeAnswer(answeredAt, durationMs));
        });
        const judgeAnswer = (answeredAt: number, durationMs: number) => {
          const decoded = decodeBody(answerBody.bytes(), answer.headers['content-encoding']);
          const reason = !answer.complete
            ? 'the exchange was cut short (client aborted or target reset)'
            : (requestBody.over ?? answerBody.over);
          if (reason || decoded === undefined)
            return judge({ kind: 'not judged', reason: reason || UNDECODABLE }, done);
          const plainRequest: PlainRequest = {
            method: req.method ?? 'GET',
            url,
            path,
            headers: plainHeaders(req),
            ...(requestBody.size > 0 ? { body: requestBody.bytes().toString('utf8') } : {}),
          };
          const plainAnswer: PlainAnswer = {
            status: answer.statusCode ?? 0,
            headers: plainHeaders(answer),
            text: decoded,
          };
          passive.secrets.learn(rawPairs(req.rawHeaders), url, plainRequest.body);
          passive.secrets.learn(rawPairs(answer.rawHeaders), undefined, decoded);
          const name = `the proxy's exchange ${number} (started ${new Date(started).toISOString()})`;
          const at = { source: { kind: 'recording' as const, name }, sent, durationMs };
          judge(recorded(plainRequest, plainAnswer, at, passive.secrets), done, answeredAt);
        };
      },
    );
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      const reason = `no answer from the target (${error.code ?? error.message})`;
      if (inApi) judge({ kind: 'not judged', reason }, done);
      if (res.headersSent) res.destroy();
      else {
        const detail = `the proxy's target did not answer (${error.code ?? 'error'})`;
        res.writeHead(502, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ errors: [{ status: 502, title: 'Bad Gateway', detail }] }));
      }
    });
    req.on('data', (chunk: Buffer) => requestBody.add(chunk));
    req.pipe(upstream);
    req.on('error', () => upstream.destroy());
    res.on('close', () => {
      if (res.writableFinished) return;
      if (inApi && !res.headersSent) {
        judge({ kind: 'not judged', reason: 'the client went away before the answer' }, done);
      }
      upstream.destroy();
    });
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port, options.host, () => resolve());
    });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    return noVerdict(`proxy: cannot listen on ${options.host}:${options.port} (${code})`);
  }
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  options.out(`listening http://${shownHost}:${address.port}`);

  const write = () => {
    judging.drain();
    return passive.write(reportDir, { sources, strict: options.strict, env: options.env });
  };
  const timer =
    options.reportEvery === undefined
      ? undefined
      : setInterval(() => {
          judging.drain();
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
  judging.drain();
  const summary = passive.summary(sources);
  if (summary.exchanges === 0)
    return noVerdict(`No exchange of the API under ${base}/v2 went through the proxy: no report written.`);
  if (summary.judged === 0) {
    const notJudged = summary.notJudged.map((n) => `${n.count} ${n.reason}`).join('; ');
    return noVerdict(
      `No verdict: none of the ${summary.exchanges} exchange(s) with ${base}/v2 through the proxy could be judged (${notJudged}). No report written.`,
    );
  }
  return outcomeOf(write());
}

/** Judging off the path of the traffic: after a quiet moment (or when many wait), so no request waits on it. */
class Later {
  readonly #tasks: (() => void)[] = [];
  #timer: NodeJS.Timeout | undefined;

  arrived(): void {
    if (this.#tasks.length > 0) this.#schedule();
  }

  later(task: () => void): void {
    this.#tasks.push(task);
    if (this.#tasks.length >= MAX_WAITING) this.drain();
    else this.#schedule();
  }

  drain(): void {
    clearTimeout(this.#timer);
    for (const task of this.#tasks.splice(0)) task();
  }

  #schedule(): void {
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => this.drain(), QUIET_MS);
  }
}

const QUIET_MS = 5;
const MAX_WAITING = 64;

/** The first bytes of a body, up to a limit: past it, the body is not judged. */
class Tee {
  readonly #chunks: Buffer[] = [];
  size = 0;
  over: string | undefined;

  constructor(private readonly limit: number) {}

  add(chunk: Buffer): void {
    this.size += chunk.length;
    if (this.size > this.limit) {
      this.over = `a body larger than the proxy's limit (${this.limit} bytes)`;
      this.#chunks.length = 0;
    } else this.#chunks.push(chunk);
  }

  bytes(): Buffer {
    return Buffer.concat(this.#chunks);
  }
}

/** The one line printed for a failed verdict as it happens (shortened: the reports hold the whole). */
function failLine(failure: ConformanceFailure, where: { method: string; url: string } | undefined): string {
  const flat = (text: string, max: number) => {
    const one = text.replace(/\s+/g, ' ').trim();
    return one.length > max ? `${one.slice(0, max - 1)}…` : one;
  };
  return `FAIL ${failure.ruleId} ${failure.level}${where ? ` ${where.method} ${where.url}` : ''}: expected ${flat(failure.expected, 300)}, got ${flat(failure.actual, 300)}`;
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

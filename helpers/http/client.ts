import { Agent as HttpAgent } from 'node:http';
import { Agent as HttpsAgent } from 'node:https';
import { setTimeout as sleep } from 'node:timers/promises';
import request from 'supertest';
import { credentialsOf, tokenLookalikeSecrets } from '../auth/lookalikes.ts';
import { type Evidence, evidenceBody, type RecordedRequest, toCurl } from './evidence.ts';
import {
  currentSending,
  type HttpRequest,
  Journal,
  type Method,
  type RequestOptions,
  type Source,
} from './journal.ts';
import { Pace } from './pace.ts';
import { createRedactor, REDACTED, type Redactor } from './redact.ts';
import { ApiResponse } from './response.ts';
import { DEFAULT_RETRY_POLICY, decideRetry, isDeclined, type TransportFailure } from './retry.ts';

export type { AuthMode, Method, RequestOptions } from './journal.ts';

/** The request got no HTTP answer: the check is not evaluated (an error, never the target's failure). */
export class TransportError extends Error {
  override readonly name: string = 'TransportError';
  constructor(
    message: string,
    readonly evidence: Evidence,
  ) {
    super(message);
  }
}

/** The target kept declining the request (429 or 503 with `Retry-After`) until the retries ran out. */
export class TargetUnavailableError extends TransportError {
  override readonly name = 'TargetUnavailableError';
}

export interface ClientOptions {
  /** The target, the part before `/v2`, without trailing slash. */
  readonly baseUrl: string;
  readonly token: string;
  readonly timeoutMs: number;
  /** Other secrets to keep out of evidence (a client secret). */
  readonly secrets?: readonly string[];
  /** Changes to {@link DEFAULT_RETRY_POLICY}. */
  readonly retry?: Partial<typeof DEFAULT_RETRY_POLICY>;
  /** Where every request and its answer is recorded; default a journal of this client's own. */
  readonly journal?: Journal;
}

/**
 * The one HTTP client of the suite: the context's budget, retries, pace, transport, then the journal records
 * the final outcome once. Throws {@link TransportError} when no HTTP answer came back, and
 * {@link TargetUnavailableError} when the target kept declining (429 / 503 with `Retry-After`).
 */
export class ApiClient {
  readonly redactor: Redactor;
  readonly journal: Journal;
  readonly pace = new Pace();
  /**
   * Connections are kept alive and shared by every request of the run, as a browser would (RFC 9112 §9.3), so
   * that a request with wrong credentials often travels on a connection that carried the right ones: the
   * connection it travels on is one more thing a conformant answer does not depend on.
   */
  readonly #agent: HttpAgent;

  constructor(readonly options: ClientOptions) {
    const { token, secrets = [] } = options;
    this.redactor = createRedactor([token, ...tokenLookalikeSecrets(token), ...secrets]);
    this.journal = options.journal ?? new Journal();
    const Agent = options.baseUrl.startsWith('https:') ? HttpsAgent : HttpAgent;
    this.#agent = new Agent({ keepAlive: true });
  }

  /**
   * Transforms a request on its way, by what sent it (`probes/relations.ts`: the equivalent transformations of
   * the catalogue); undefined: sent as asked.
   */
  transform?: (request: HttpRequest, source: Source) => HttpRequest | undefined;

  readonly get = (path: string, options?: RequestOptions) => this.send('GET', path, options);
  readonly post = (path: string, options?: RequestOptions) => this.send('POST', path, options);
  readonly delete = (path: string, options?: RequestOptions) => this.send('DELETE', path, options);

  /** Sends one request to `baseUrl + path` (`path` starts with `/`, query string included). */
  async send(asked: Method, to: string, given: RequestOptions = {}): Promise<ApiResponse> {
    const within = currentSending();
    const request = { method: asked, path: to, options: given };
    const { method, path, options } = (!given.exact && this.transform?.(request, within.source)) || request;
    const { token, timeoutMs } = this.options;
    const auth = options.auth ?? 'token';
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    // A header given empty is not sent (a transformation that leaves out `Accept`); `auth` sets Authorization.
    for (const [name, value] of Object.entries(headers))
      if (value === '' || (auth !== 'none' && name.toLowerCase() === 'authorization')) delete headers[name];
    if (auth === 'token') headers.Authorization = `Bearer ${token}`;
    else if (auth !== 'none') headers[auth.name ?? 'Authorization'] = auth.authorization;
    const credentials = credentialsOf(headerOf(headers, 'authorization'), token);
    const body = options.json !== undefined ? JSON.stringify(options.json) : options.raw;
    if (body !== undefined && headerOf(headers, 'content-type') === undefined)
      headers['Content-Type'] = 'application/json';

    const shown = Object.entries(headers).map(([name, value]) => {
      return [name, value === `Bearer ${token}` ? `Bearer ${REDACTED}` : value];
    });
    const recorded: RecordedRequest = {
      method,
      url: this.redactor.text(`${this.options.baseUrl}${path}`),
      headers: this.redactor.headers(Object.fromEntries(shown)),
      ...(body === undefined ? {} : { body: evidenceBody(this.redactor.text(body)) }),
    };
    const policy = { ...DEFAULT_RETRY_POLICY, ...this.options.retry };
    const sent = this.journal.now();
    const record = (evidence: Evidence, response?: ApiResponse) => {
      const what = { sent, source: within.source, method, target: path, options, credentials, evidence };
      this.journal.record({ ...what, ...(response ? { response } : {}) }, within);
    };
    let transportFailures = 0;
    let throttledMs = 0;
    for (let attempt = 1; ; attempt++) {
      within.budget?.take();
      const release = await this.pace.slot();
      const started = performance.now();
      const evidenceWith = (outcome: Pick<Evidence, 'response' | 'error'>): Evidence => ({
        request: recorded,
        ...outcome,
        durationMs: Math.round(performance.now() - started),
        curl: toCurl(recorded),
        ...(attempt > 1 ? { attempt } : {}),
      });
      const after = attempt > 1 ? ` (after ${attempt} attempts)` : '';
      let res: request.Response;
      try {
        res = await this.#attempt(method, path, headers, body).finally(release);
      } catch (error) {
        const { failure, reason } = describeTransportError(error, timeoutMs);
        const evidence = evidenceWith({ error: reason });
        transportFailures += 1;
        const decision = decideRetry(method, { kind: 'transport', failure }, transportFailures, policy);
        if (!decision.retry) {
          record(evidence);
          throw new TransportError(`${method} ${recorded.url}: ${reason}${after}`, evidence);
        }
        await sleep(decision.delayMs);
        continue;
      }
      const text = typeof res.body === 'string' ? res.body : '';
      const responseHeaders: Record<string, string> = Object.fromEntries(
        Object.entries(res.headers).map(([name, value]) => [name.toLowerCase(), [value].flat().join(', ')]),
      );
      const shownBody = evidenceBody(this.redactor.text(text));
      const answer = { status: res.status, headers: this.redactor.headers(responseHeaders), body: shownBody };
      const evidence = evidenceWith({ response: answer });
      const retryAfter = responseHeaders['retry-after'];
      const outcome = { kind: 'response', status: res.status, retryAfter } as const;
      const decision = decideRetry(method, outcome, transportFailures + 1, policy, Math.random, throttledMs);
      if (decision.retry) {
        this.pace.slowDown();
        throttledMs += decision.delayMs;
        await sleep(decision.delayMs);
        continue;
      }
      const declined = isDeclined(res.status, retryAfter);
      if (declined) this.pace.slowDown();
      else this.pace.answered();
      const response = new ApiResponse(res.status, responseHeaders, text, evidence);
      record(evidence, response);
      if (!declined) return response;
      const why = `the target declined the request for now (${res.status} with Retry-After: ${retryAfter})`;
      throw new TargetUnavailableError(`${method} ${recorded.url}: ${why}${after}`, evidence);
    }
  }

  /** One attempt: the answer, whatever its status; throws when none came back. */
  #attempt(method: Method, path: string, headers: Record<string, string>, body?: string) {
    const req = new request.Test(this.options.baseUrl, method, path)
      .agent(this.#agent)
      .redirects(0)
      .ok(() => true)
      .timeout(this.options.timeoutMs)
      .buffer(true)
      .parse((res, done) => {
        const chunks: string[] = [];
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => chunks.push(chunk));
        res.on('end', () => done(null, chunks.join('')));
      })
      .set(headers);
    return (body === undefined ? req : req.send(body)).then((res) => res);
  }
}

const headerOf = (headers: Record<string, string>, name: string) =>
  Object.entries(headers).find(([given]) => given.toLowerCase() === name)?.[1];

function describeTransportError(error: unknown, ms: number): { failure: TransportFailure; reason: string } {
  const e = error as { code?: string; timeout?: number; message?: string };
  // superagent sometimes gives the code only as the message's prefix.
  const code = e.code ?? /^(E[A-Z_]+)\b/.exec(e.message ?? '')?.[1];
  if (e.timeout !== undefined || code === 'ECONNABORTED')
    return { failure: 'timeout', reason: `no answer within ${ms} ms (timeout)` };
  if (code === 'ECONNREFUSED') return { failure: 'refused', reason: 'connection refused' };
  if (code === 'ECONNRESET') return { failure: 'reset', reason: 'connection reset' };
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN') return { failure: 'dns', reason: 'host not found (DNS)' };
  const reason = e.code ? `${e.code}: ${e.message ?? ''}`.trim() : (e.message ?? String(error));
  return { failure: 'other', reason };
}

/**
 * The journal of exchanges: every request the run sends and its answer, recorded once, with where it came
 * from. The client records into it (`client.ts`); the exchange rules judge every entry as it is recorded
 * (`helpers/judge/`); a check keeps the entries sent inside it as its evidence; the replay sends them again
 * without valid credentials. Where a request came from is the {@link Sending} context of the code that sent
 * it (an `AsyncLocalStorage`), set by a check, a probe's input, a provisioning step, the replay or the cleanup.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { TEMPLATES } from '../catalogue/endpoints.ts';
import type { Evidence } from './evidence.ts';
import type { ApiResponse } from './response.ts';

/** The kinds of sender, as the report counts the exchanges each rule judged. */
export const SOURCE_KINDS = [
  'check',
  'boundary',
  'generated',
  'replay',
  'provisioning',
  'cleanup',
  'recording',
] as const;

/**
 * What sent a request: a check (its test name), a probe's boundary value or generated input (the probe and
 * the input as shown), the replay without valid credentials, a provisioning step, the cleanup, or
 * a recording of traffic the suite did not send.
 */
export interface Source {
  readonly kind: (typeof SOURCE_KINDS)[number];
  readonly name: string;
  /** The input, as a report shows it (boundary values and generated inputs). */
  readonly input?: string;
}

/**
 * What a request's `Authorization` header carried (`helpers/auth/lookalikes.ts`, `credentialsOf`): the run's
 * token (`Bearer <token>`); none (no header, or nothing in it); the run's token spelled another way that a
 * target may accept or refuse (`bearer <token>`, several spaces); or another value, an invalid token. In a
 * recording of traffic the suite did not send (`cli/traffic/`), a bearer token the target took is `token`,
 * and one it refused (401, 403) or another header is `unknown`: whether it was valid cannot be told, so only
 * the rules about every answer (`credentials: 'any'`) judge it.
 */
export type Credentials = 'token' | 'none' | 'respelled' | 'other' | 'unknown';

/**
 * How a request authenticates: the run's token, no header at all, or this exact header value, under the
 * header name as `name` spells it (default `Authorization`; HTTP's field names are case-insensitive).
 */
export type AuthMode = 'token' | 'none' | { readonly authorization: string; readonly name?: string };

/**
 * A request method as sent (RFC 9110 §9: a token, upper case by convention): those §4 names, HTTP's others
 * (`HEAD`, `OPTIONS`, `PUT`, `PATCH`) and any other a client may send (`PROPFIND`).
 */
export type Method = Uppercase<string>;

export interface RequestOptions {
  readonly auth?: AuthMode;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON value, sent serialised with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** A body sent exactly as given (e.g. malformed JSON); `Content-Type` defaults to `application/json`. */
  readonly raw?: string;
}

/** The query parameters of a request, decoded. */
export interface Query {
  /** The first value of the parameter, or undefined when it is absent. */
  get(name: string): string | undefined;
  /** Every value of the parameter, in order. */
  all(name: string): string[];
  has(name: string): boolean;
  /** The parameter names, each once, in order of first appearance. */
  readonly names: readonly string[];
}

/** What the journal records of one request, as the client or a recording gives it. */
export interface Sent {
  /** Order of sending (the journal's clock, shared with {@link Journal.now}). */
  readonly sent: number;
  readonly source: Source;
  readonly method: Method;
  /** The path after the base URL, query string included, as sent (HTTP's request-target). */
  readonly target: string;
  /** The request as asked for, not redacted: it stays in the worker (the replay sends it again). */
  readonly options: RequestOptions;
  readonly credentials: Credentials;
  /** The answer (absent when none came back: see `evidence.error`). */
  readonly response?: ApiResponse;
  /** The redacted evidence: request, answer, curl. */
  readonly evidence: Evidence;
}

/**
 * One request of the journal and what came back, as the rules read it: the request's method, path (by the
 * endpoint template it matches, with its path parameters), decoded query parameters and JSON body, and the
 * answer. The query is read as a server reads a client's spelling: percent-encoded or not
 * (`page%5Blimit%5D` is `page[limit]`), in any order, `+` as a space.
 */
export class Exchange implements Sent {
  readonly sent: number;
  readonly source: Source;
  readonly method: Method;
  readonly target: string;
  readonly options: RequestOptions;
  readonly credentials: Credentials;
  readonly response?: ApiResponse;
  readonly evidence: Evidence;
  /** The path, without the query string, as sent. */
  readonly path: string;
  readonly query: Query;
  /** The endpoint template the path matches (`/v2/orders/:orderId/transactions`); empty: none. */
  readonly template: string;
  /** The path parameters of the template, percent-decoded (`{ orderId: '…' }`). */
  readonly params: Readonly<Record<string, string>>;

  constructor(sent: Sent) {
    ({
      sent: this.sent,
      source: this.source,
      method: this.method,
      target: this.target,
      options: this.options,
      credentials: this.credentials,
      evidence: this.evidence,
    } = sent);
    if (sent.response) this.response = sent.response;
    const at = this.target.indexOf('?');
    this.path = at < 0 ? this.target : this.target.slice(0, at);
    this.query = parseQuery(at < 0 ? '' : this.target.slice(at + 1));
    this.template = '';
    this.params = {};
    for (const template of TEMPLATES) {
      const params = matchPath(template, this.path);
      if (!params) continue;
      this.template = template;
      this.params = params;
      break;
    }
  }

  /** The request body parsed as JSON; undefined when there was none or it was not JSON. */
  get body(): unknown {
    const { json, raw } = this.options;
    if (json !== undefined || raw === undefined) return json;
    try {
      return JSON.parse(raw);
    } catch {
      return undefined;
    }
  }
}

/** An exchange that got an answer: what the exchange rules judge. */
export type Answered = Exchange & { readonly response: ApiResponse };

/** Reads a query string (without `?`) the way a server decodes it. */
export function parseQuery(search: string): Query {
  const params = new URLSearchParams(search);
  return {
    get: (name) => params.get(name) ?? undefined,
    all: (name) => params.getAll(name),
    has: (name) => params.has(name),
    names: [...new Set(params.keys())],
  };
}

/**
 * The path parameters when `path` matches `template` (`/v2/orders/:orderId/transactions`): the same number
 * of segments, literal ones equal, `:name` ones any non-empty segment, percent-decoded. Undefined otherwise.
 */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, w] of want.entries()) {
    const g = got[i] as string;
    const decoded = safeDecode(g);
    if (!w.startsWith(':')) {
      if (decoded !== w) return undefined;
    } else if (g === '' || decoded === undefined) return undefined;
    else params[w.slice(1)] = decoded;
  }
  return params;
}

function safeDecode(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

/** Receives every exchange as it is recorded. */
export type Listener = (x: Exchange) => void;

/**
 * The context a request is sent in: its source, and what it reports to beside the journal (a check's
 * evidence). Contexts nest: an inner one keeps what it does not set.
 */
export interface Sending {
  readonly source: Source;
  /** Called with each exchange recorded in this context (a check keeps them as its evidence). */
  readonly onExchange?: Listener;
  /** A share of the request budget the requests of this context are counted against (`helpers/inputs/`). */
  readonly budget?: { take(): void };
}

const context = new AsyncLocalStorage<Sending>();

/** What sends outside any context (a test of the client, the command line's own requests). */
const UNATTRIBUTED: Sending = { source: { kind: 'check', name: 'unattributed' } };

/** The context of the code running now. */
export function currentSending(): Sending {
  return context.getStore() ?? UNATTRIBUTED;
}

/** Runs `fn` in a context of its own: nothing of the current one is kept (not its evidence, not its budget). */
export function sendingApart<T>(own: Sending, fn: () => T): T {
  return context.run(own, fn);
}

/**
 * Runs `fn` in a context: the current one with `patch` applied. An `onExchange` of the patch is called after
 * the outer context's, so that a check still keeps as evidence what a provisioning step inside it sends.
 */
export function sending<T>(patch: Partial<Sending>, fn: () => T): T {
  const outer = currentSending();
  const inner = patch.onExchange;
  const onExchange: Listener | undefined =
    inner && outer.onExchange
      ? (x) => {
          outer.onExchange?.(x);
          inner(x);
        }
      : (inner ?? outer.onExchange);
  return context.run({ ...outer, ...patch, ...(onExchange ? { onExchange } : {}) }, fn);
}

/**
 * The journal of one worker thread (or of the command line's own process): the exchanges of the suite file
 * running now, and the listeners that judge them. Kept in memory only; nothing unredacted leaves it.
 */
export class Journal {
  #clock = 0;
  #exchanges: Exchange[] = [];
  readonly #listeners = new Set<Listener>();

  /** `keep: false`: the listeners see each exchange, the journal keeps none (traffic of any size). */
  constructor(private readonly options: { readonly keep?: boolean } = {}) {}

  /** Ticks the clock: the value a request or an established fact is stamped with. */
  now(): number {
    this.#clock += 1;
    return this.#clock;
  }

  /** Forgets the exchanges of an earlier suite file (a worker runs one file at a time). */
  begin(): void {
    this.#exchanges = [];
  }

  /** Records an exchange: the listeners first (the rules that judge it), then the sender's context. */
  record(sent: Sent, within: Sending = currentSending()): Exchange {
    const x = sent instanceof Exchange ? sent : new Exchange(sent);
    if (this.options.keep !== false) this.#exchanges.push(x);
    for (const listener of this.#listeners) listener(x);
    within.onExchange?.(x);
    return x;
  }

  /** Calls `listener` with every exchange recorded from now on; returns the function that stops it. */
  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The exchanges since {@link begin}, in the order they were answered. */
  exchanges(): readonly Exchange[] {
    return this.#exchanges;
  }
}

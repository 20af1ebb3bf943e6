/** The journal of exchanges: every request the run sends and its answer, with where it came from. */
import { AsyncLocalStorage } from 'node:async_hooks';
import { TEMPLATES } from '../catalogue/endpoints.ts';
import type { Evidence } from './evidence.ts';
import { type ApiResponse, attempt } from './response.ts';

/** The kinds of what sends a request, each as a report names a sender of its kind. */
export const SENDERS = {
  check: 'the check',
  boundary: 'a boundary value of',
  generated: 'a generated input of',
  replay: 'the replay without credentials',
  provisioning: 'the provisioning step',
  cleanup: 'the cleanup',
  recording: 'a client in',
} as const;

export const SOURCE_KINDS = Object.keys(SENDERS) as readonly (keyof typeof SENDERS)[];

/** What sent a request: its kind (of {@link SENDERS}) and name, and the `input`, as a report shows it. */
export type Source = Readonly<{ kind: (typeof SOURCE_KINDS)[number]; name: string; input?: string }>;

/**
 * What a request's `Authorization` header carried (`credentialsOf`): the run's token, none, the token spelled
 * another way, another value; `unknown` in a recording where validity cannot be told.
 */
export type Credentials = 'token' | 'none' | 'respelled' | 'other' | 'unknown';

/** The run's token, no header at all, or this exact header value under `name` (default `Authorization`). */
export type AuthMode = 'token' | 'none' | { readonly authorization: string; readonly name?: string };

/** A request method as sent (RFC 9110 §9), including any a client may send (`PROPFIND`). */
export type Method = Uppercase<string>;

/** How a transformed request relates to the one it was made from (`probes/space/transformations.ts`). */
export interface Transformed {
  /** The catalogue entry. */
  readonly id: string;
  readonly relation: 'equivalent' | 'may refuse' | 'must refuse';
  /** The method and endpoint template of the request it was made from. */
  readonly method: Method;
  readonly template: string;
  /** A spelling the entry was composed with (credentials only). */
  readonly also?: string;
  /** The path of the request it was made from, where the transformed path matches no template. */
  readonly means?: string;
}

export interface RequestOptions {
  readonly auth?: AuthMode;
  /** Sent exactly as given: no transformation applied on the way (a deliberately malformed request). */
  readonly exact?: boolean;
  /** What the request was made from, when it is a transformation of another. */
  readonly transformed?: Transformed;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON value, sent serialised with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** A body sent exactly as given (e.g. malformed JSON); `Content-Type` defaults to `application/json`. */
  readonly raw?: string;
}

/** A request as it is sent: method, path after the base URL (query string included), options. */
export type HttpRequest = Readonly<{ method: Method; path: string; options: RequestOptions }>;

/** What the journal records of one request, as the client or a recording gives it. */
export interface Sent {
  /** Order of sending (the journal's clock). */
  readonly sent: number;
  readonly source: Source;
  readonly method: Method;
  /** The path after the base URL, query string included, as sent. */
  readonly target: string;
  /** The request as asked for, not redacted: it stays in the worker (the replay sends it again). */
  readonly options: RequestOptions;
  readonly credentials: Credentials;
  /** Absent when no answer came back (see `evidence.error`). */
  readonly response?: ApiResponse;
  readonly evidence: Evidence;
}

/** A base whose instances carry the fields of a {@link Sent}, declared once there. */
const SentFields = class {
  constructor(sent: Sent) {
    Object.assign(this, sent);
  }
} as new (
  sent: Sent,
) => Sent;

/** One request of the journal and its answer, as the rules read it (the query decoded as a server does). */
export class Exchange extends SentFields {
  readonly path: string;
  readonly query: Query;
  /** The endpoint template the path matches (`/v2/orders/:orderId/transactions`); empty: none. */
  readonly template: string;
  /** The path parameters of the template, percent-decoded. */
  readonly params: Readonly<Record<string, string>>;

  constructor(sent: Sent) {
    super(sent);
    const at = this.target.indexOf('?');
    this.path = at < 0 ? this.target : this.target.slice(0, at);
    this.query = parseQuery(at < 0 ? '' : this.target.slice(at + 1));
    // A path that matches no template is judged as the path it was made from (a trailing slash, `//`).
    const path = this.options.transformed?.means ?? this.path;
    this.template = TEMPLATES.find((template) => matchPath(template, path)) ?? '';
    this.params = matchPath(this.template, path) ?? {};
  }

  /** What the request was made from, when it is a transformation of another. */
  get transformed(): Transformed | undefined {
    return this.options.transformed;
  }

  /** The request body parsed as JSON; undefined when there was none or it was not JSON. */
  get body(): unknown {
    const { json, raw } = this.options;
    return json !== undefined || raw === undefined ? json : attempt(() => JSON.parse(raw));
  }
}

export type Answered = Exchange & { readonly response: ApiResponse };

/** The query parameters of a request, decoded. */
export type Query = ReturnType<typeof parseQuery>;

/** Reads a query string (without `?`) the way a server decodes it. */
export function parseQuery(search: string) {
  const params = new URLSearchParams(search);
  return {
    get: (name: string) => params.get(name) ?? undefined,
    all: (name: string) => params.getAll(name),
    has: (name: string) => params.has(name),
    /** Each once, in order of first appearance. */
    names: [...new Set(params.keys())] as readonly string[],
  };
}

/** The path parameters, percent-decoded, when `path` matches `template`; undefined otherwise. */
export function matchPath(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const got = path.split('/');
  if (want.length !== got.length) return undefined;
  const params: Record<string, string> = {};
  for (const [i, w] of want.entries()) {
    const g = got[i] as string;
    const decoded = attempt(() => decodeURIComponent(g));
    const param = w.startsWith(':');
    if (param ? g === '' || decoded === undefined : decoded !== w) return undefined;
    if (param) params[w.slice(1)] = decoded as string;
  }
  return params;
}

export type Listener = (x: Exchange) => void;

/**
 * The context a request is sent in; contexts nest, an inner one keeping what it does not set. `onExchange` is
 * called with each exchange recorded in it (a check keeps them as its evidence); `budget` is the share of the
 * request budget its requests count against.
 */
export type Sending = Readonly<{ source: Source; onExchange?: Listener; budget?: { take(): void } }>;

const context = new AsyncLocalStorage<Sending>();

/** What sends outside any context (the command line's own requests). */
const UNATTRIBUTED: Sending = { source: { kind: 'check', name: 'unattributed' } };

export const currentSending = (): Sending => context.getStore() ?? UNATTRIBUTED;

/** Runs `fn` in a context of its own: nothing of the current one is kept. */
export const sendingApart = <T>(own: Sending, fn: () => T): T => context.run(own, fn);

/** Runs `fn` in the current context with `patch` applied; the outer `onExchange` is still called first. */
export function sending<T>(patch: Partial<Sending>, fn: () => T): T {
  const outer = currentSending();
  const listeners = [outer.onExchange, patch.onExchange].filter((listener) => listener !== undefined);
  const onExchange: Listener = (x) => {
    for (const listener of listeners) listener(x);
  };
  return context.run({ ...outer, ...patch, ...(listeners.length > 0 ? { onExchange } : {}) }, fn);
}

/** The journal of one worker thread: the suite file's exchanges, in memory only, and their listeners. */
export class Journal {
  #clock = 0;
  #exchanges: Exchange[] = [];
  readonly #listeners = new Set<Listener>();

  /** `keep: false`: the listeners see each exchange, the journal keeps none (traffic of any size). */
  constructor(private readonly options: { readonly keep?: boolean } = {}) {}

  /** Ticks the clock that requests and established facts are stamped with. */
  now(): number {
    return ++this.#clock;
  }

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

  /** Returns the function that stops the listener. */
  listen(listener: Listener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The exchanges since {@link begin}, in the order they were answered. */
  exchanges(): readonly Exchange[] {
    return this.#exchanges;
  }
}

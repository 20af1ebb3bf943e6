/**
 * The journal of exchanges: every request the run sends and its answer, recorded once, with where it came
 * from. The client records into it (`client.ts`); the exchange rules judge every entry as it is recorded
 * (`helpers/judge/`); a check keeps the entries sent inside it as its evidence; the replay sends them again
 * without valid credentials. Where a request came from is the {@link Sending} context of the code that sent
 * it (an `AsyncLocalStorage`), set by a check, a probe's input, a provisioning step, the replay or the cleanup.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Exchange } from './exchange.ts';
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

/** How a request authenticates: the run's token, no header at all, or this exact header value. */
export type AuthMode = 'token' | 'none' | { readonly authorization: string };

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export interface RequestOptions {
  readonly auth?: AuthMode;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON value, sent serialised with `Content-Type: application/json`. */
  readonly json?: unknown;
  /** A body sent exactly as given (e.g. malformed JSON); `Content-Type` defaults to `application/json`. */
  readonly raw?: string;
}

/** One request of the journal and what came back. */
export interface Entry {
  /** Order of sending (the journal's clock, shared with {@link Journal.now}). */
  readonly sent: number;
  readonly source: Source;
  readonly method: Method;
  /** The path after the base URL, query string included, as sent. */
  readonly path: string;
  /** The request as asked for, not redacted: it stays in the worker (the replay sends it again). */
  readonly options: RequestOptions;
  readonly credentials: Credentials;
  /** The answer (absent when none came back: see `exchange.error`). */
  readonly response?: ApiResponse;
  /** The redacted evidence: request, answer, curl. */
  readonly exchange: Exchange;
}

/** Receives every entry as it is recorded. */
export type EntryListener = (entry: Entry) => void;

/**
 * The context a request is sent in: its source, and what it reports to beside the journal (a check's
 * evidence). Contexts nest: an inner one keeps what it does not set.
 */
export interface Sending {
  readonly source: Source;
  /** Called with each entry recorded in this context (a check keeps them as its evidence). */
  readonly onEntry?: EntryListener;
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
 * Runs `fn` in a context: the current one with `patch` applied. An `onEntry` of the patch is called after
 * the outer context's, so that a check still keeps as evidence what a provisioning step inside it sends.
 */
export function sending<T>(patch: Partial<Sending>, fn: () => T): T {
  const outer = currentSending();
  const inner = patch.onEntry;
  const onEntry: EntryListener | undefined =
    inner && outer.onEntry
      ? (entry) => {
          outer.onEntry?.(entry);
          inner(entry);
        }
      : (inner ?? outer.onEntry);
  return context.run({ ...outer, ...patch, ...(onEntry ? { onEntry } : {}) }, fn);
}

/**
 * The journal of one worker thread (or of the command line's own process): the entries of the suite file
 * running now, and the listeners that judge them. Kept in memory only; nothing unredacted leaves it.
 */
export class Journal {
  #clock = 0;
  #entries: Entry[] = [];
  readonly #listeners = new Set<EntryListener>();

  /** Ticks the clock: the value a request or an established fact is stamped with. */
  now(): number {
    this.#clock += 1;
    return this.#clock;
  }

  /** Forgets the entries of an earlier suite file (a worker runs one file at a time). */
  begin(): void {
    this.#entries = [];
  }

  /** Records an entry: the listeners first (the rules that judge it), then the sender's context. */
  record(entry: Entry, within: Sending = currentSending()): void {
    this.#entries.push(entry);
    for (const listener of this.#listeners) listener(entry);
    within.onEntry?.(entry);
  }

  /** Calls `listener` with every entry recorded from now on; returns the function that stops it. */
  listen(listener: EntryListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  /** The entries since {@link begin}, in the order they were answered. */
  entries(): readonly Entry[] {
    return this.#entries;
  }
}

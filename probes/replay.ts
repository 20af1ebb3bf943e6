/**
 * Every request a suite file sent with the token to an endpoint of §4 and that was answered 2xx, sent again
 * without valid credentials (§5) at the end of the file: gate, one read of each kind; deep, drawn reads, and
 * the writes for the flows of the authentication rules (`refusedWrite`).
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe } from 'vitest';
import {
  type Credential,
  EMPTY,
  lookalikeCredentials,
  MISSING,
  unauthenticated,
} from '../helpers/auth/lookalikes.ts';
import { SPEC_ENDPOINTS } from '../helpers/catalogue/endpoints.ts';
import { type CheckFunction, declareFlows, type InputsOf, probe } from '../helpers/check/check.ts';
import { skip } from '../helpers/check/failure.ts';
import {
  currentSending,
  type Exchange,
  type Method,
  type RequestOptions,
  sendingApart,
} from '../helpers/http/journal.ts';
import type { ApiResponse } from '../helpers/http/response.ts';
import type { Judgement } from '../helpers/judge/judgement.ts';
import { once } from '../helpers/provisioning/once.ts';
import {
  listedTransactions,
  transactionState,
  transactionsPath,
} from '../helpers/provisioning/transactions.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';

/** Credentials that are not valid: none (no or an empty `Authorization`), or other than the run's token. */
export type Unauthenticated = 'none' | 'other';

/** A write of §4 sent without valid credentials, and the record it acts on, read before and after. */
export interface RefusedWrite {
  readonly before: readonly string[];
  readonly answer: ApiResponse;
  readonly after: readonly string[];
  readonly record: string;
  readonly when: string;
}

/** One input of the flow: a write, its credentials (as shown), and how to send it. */
export interface WriteInput {
  readonly shown: string;
  send(): Promise<RefusedWrite>;
}

/** What the flows of the authentication rules are given: the writes to send without valid credentials. */
export interface RefusedWrites {
  writes(credentials: Unauthenticated): InputsOf<WriteInput>;
  /** The writes of another suite file, replayed at its end: only the flows about refused writes take them. */
  readonly replayed: boolean;
}

/** The files whose requests are replayed, in the order the lookalikes take turns. */
const FILES = ['pagination', 'includes', 'transactions', 'integrations', 'http'] as const;

/** A request as it is sent: method, path (query string included), body and headers. */
export interface Write {
  readonly method: Method;
  readonly path: string;
  readonly options: Omit<RequestOptions, 'auth'>;
}

/** A request to send again, as it was sent. */
export interface Replayable extends Write {
  /** Its kind: method, template and query parameter names, `GET /v2/products?include&page[…]`. */
  readonly kind: string;
}

/** The kinds of invalid token the gate profile gives the request kinds in turn. */
const GATE_INVALID = [
  'the token with a character appended',
  'the token without its last character',
  'the token in another case',
  'the token with its last character changed',
  'the token without a scheme',
  'the token under the Basic scheme',
  'Bearer and no token',
];

/** The decoded query parameter names of a path as a kind sees them (`include`, `page[…]`, `…`), sorted. */
export function parameterNames(path: string): string[] {
  const names = [...new URLSearchParams(path.split('?')[1]).keys()].map((name) =>
    name.startsWith('page[') ? 'page[…]' : name === 'include' ? name : '…',
  );
  return [...new Set(names)].sort();
}

/** An exchange of the journal as a request to replay: sent with the run's token to an endpoint of §4, answered 2xx. */
export function replayableOf(x: Exchange): Replayable | undefined {
  if (x.credentials !== 'token' || !x.response?.ok) return undefined;
  const endpoint = SPEC_ENDPOINTS.find((e) => e.method === x.method && e.path === x.template);
  if (!endpoint) return undefined;
  const { auth: _auth, ...options } = x.options;
  const names = parameterNames(x.target);
  return {
    method: x.method,
    path: x.target,
    options,
    kind: `${x.method} ${endpoint.path}${names.length === 0 ? '' : `?${names.join('&')}`}`,
  };
}

/** The requests of the journal to replay, each distinct one once, sorted. */
export function replayable(exchanges: readonly Exchange[]): Replayable[] {
  const seen = new Map<string, Replayable>();
  for (const x of exchanges) {
    const request = replayableOf(x);
    if (!request) continue;
    const key = `${request.method} ${request.path} ${JSON.stringify(request.options)}`;
    if (!seen.has(key)) seen.set(key, request);
  }
  return [...seen.entries()]
    .sort(([a, x], [b, y]) => compare(x.kind, y.kind) || compare(x.path, y.path) || compare(a, b))
    .map(([, request]) => request);
}

/** What is sent without valid credentials: a request and its `Authorization` header. */
interface Replay {
  readonly request: Write;
  readonly credential: Credential;
}
const show = ({ request, credential }: Replay) => `${request.method} ${request.path} ${credential.kind}`;
const sendWith = ({ api }: SuiteRun, { request, credential }: Replay) =>
  api.send(request.method, request.path, { ...request.options, auth: credential.auth });

/** Registers the replay at the end of a suite file: call it after its other checks, before `finish()`. */
export function replayWithoutCredentials(
  run: SuiteRun,
  file: (typeof FILES)[number],
  rules: readonly { readonly flows?: (probes: RefusedWrites, check: CheckFunction) => void }[],
): void {
  const { settings, journal } = run;
  const invalid = lookalikeCredentials(settings.token, GATE_INVALID);
  const turn = FILES.indexOf(file) * 3;
  const requests = once(async () => replayable(journal.exchanges()));
  const drawn = async (keep: (request: Replayable) => boolean, credential: fc.Arbitrary<Credential>) => {
    const some = (await requests()).filter(keep);
    return some.length === 0 ? undefined : fc.record({ request: fc.constantFrom(...some), credential });
  };

  // The first read of each kind is replayed as soon as it is journaled; the probe takes these answers later.
  const READS_PROBE = 'the reads of this file, as sent, without Authorization and with invalid tokens';
  const early = new Map<string, { readonly replay: Replay; readonly exchanges: Promise<Exchange[]> }>();
  const kinds = new Set<string>();
  const replayEarly = (x: Exchange) => {
    const request = replayableOf(x);
    if (request?.method !== 'GET' || kinds.has(request.kind)) return;
    const i = kinds.size;
    kinds.add(request.kind);
    for (const credential of [MISSING, invalid[(i + turn) % invalid.length] ?? EMPTY]) {
      const replay = { request, credential };
      const exchanges: Exchange[] = [];
      const source = { kind: 'replay', name: `probe: ${READS_PROBE}`, input: show(replay) } as const;
      const sent = sendingApart({ source, onExchange: (e) => exchanges.push(e) }, () =>
        sendWith(run, replay),
      ).then(() => exchanges);
      // A replay that gets no answer is that input's to report, when the probe takes it: not unhandled now.
      sent.catch(() => undefined);
      early.set(show(replay), { replay, exchanges: sent });
    }
  };
  let stopListening = () => {};
  beforeAll(() => {
    stopListening = journal.listen(replayEarly);
  });
  afterAll(() => stopListening());

  // Not concurrent: it runs after the file's concurrent checks, when their requests are all sent.
  describe(`${file}: its requests again, without valid credentials`, () => {
    probe(
      READS_PROBE,
      async () => {
        stopListening();
        const deep = await drawn((r) => r.method === 'GET', unauthenticated(settings.token));
        return {
          show,
          gate: [...early.values()].map(({ replay }) => replay),
          ...(deep ? { deep: { row: `replay/${file}/reads` as const, arbitrary: deep } } : {}),
        };
      },
      async (replay) => {
        const sent = early.get(show(replay));
        if (!sent) return sendWith(run, replay);
        // Sent earlier: its exchanges go to this input as if sent now (a rule that failed on them fails it).
        for (const x of await sent.exchanges) currentSending().onExchange?.(x);
      },
      { source: 'replay' },
    );

    if (settings.depth !== 'deep') return;
    const writes: RefusedWrites = {
      replayed: true,
      writes: (credentials: Unauthenticated) => async (t: Judgement) => {
        // Each record takes one write without valid credentials: the records are shared out between the rules.
        const sent = (await requests()).filter((r) => r.method !== 'GET');
        const records = [...new Set(sent.map(recordKey))].sort(compare);
        const mine = new Set(records.filter((_, i) => i % 2 === (credentials === 'none' ? 0 : 1)));
        const arbitrary = t.need(
          await drawn(
            (r) => r.method !== 'GET' && mine.has(recordKey(r)),
            unauthenticated(settings.token, credentials),
          ),
          `this file sent no write of §4 that was answered 2xx${records.length === 1 ? " on a record of its own for this rule (its one record is the other rule's)" : ''}`,
        );
        const row = `replay/${file}/${credentials === 'none' ? 'missing' : 'invalid'}` as const;
        return {
          show: (w: WriteInput) => w.shown,
          deep: { row, arbitrary: arbitrary.map((replay) => refusedWrite(run, replay)) },
        };
      },
    };
    declareFlows(rules, writes);
  });
}

/** How long after a refused write its record is read again (deep): a target may carry a write out late. */
export const LATE_READ_MS = 500;

/** The records that took a write without valid credentials, by key (see {@link refusedWrite}). */
const claimed = new Set<string>();

/**
 * A write without valid credentials as a flow's input: its record (which takes no other such write in the
 * run) read, the write sent, the record read again.
 */
export function refusedWrite(run: SuiteRun, replay: Replay): WriteInput {
  return {
    shown: show(replay),
    send: async (): Promise<RefusedWrite> => {
      const record = recordOf(run, replay.request);
      if (claimed.has(record.key))
        skip(
          `${record.key} took another write without valid credentials: each is judged on a record of its own`,
        );
      claimed.add(record.key);
      const before = await record.state();
      const answer = await sendWith(run, replay);
      const late = run.settings.depth === 'deep';
      if (late) await new Promise((resolve) => setTimeout(resolve, LATE_READ_MS));
      const when = late ? `read again ${LATE_READ_MS} ms after the answer` : 'read again at once';
      return { before, answer, after: await record.state(), record: record.what, when };
    },
  };
}

/** What a refused write on an order must leave as it was. */
export const ORDER_RECORD = "the order's transactions (id, transaction_type, status)";
export const orderState = (listed: ApiResponse, order: string) => [
  `GET transactions: ${listed.statusClass}`,
  ...transactionState(listedTransactions(listed) ?? [], order),
];

/** The key of the record a write of §4 acts on: its order, or the integration's path. */
export function recordKey(request: Pick<Write, 'path'>): string {
  const order = /^\/v2\/orders\/([^/?#]+)\//.exec(request.path)?.[1];
  return order !== undefined ? `order ${order}` : (request.path.split('?')[0] ?? request.path);
}

/** The record a write of §4 acts on, and its state: the order's transactions, or the integration's read. */
function recordOf({ api }: SuiteRun, request: Write) {
  const key = recordKey(request);
  if (key.startsWith('order ')) {
    const order = key.slice('order '.length);
    return {
      key,
      what: ORDER_RECORD,
      state: async () => orderState(await api.get(transactionsPath(order)), order),
    };
  }
  return {
    key,
    what: 'whether the integration can be read',
    state: async () => [`GET the integration: ${(await api.get(key)).statusClass}`],
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

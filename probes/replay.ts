/**
 * Every request a suite file sent, sent again without valid credentials (§5), at the end of the file while
 * the records they name still exist (its cleanup comes after): the journal's requests to an endpoint of §4
 * sent with the run's token and answered 2xx (a refusal with the token proves nothing without one), each
 * distinct one once, sorted, so that the same requests give the same inputs for a seed.
 * - Both profiles: one read of each kind (method, endpoint, query parameter names), without `Authorization`
 *   and with an invalid token, the kinds of lookalike token taking turns across the files.
 * - Deep: reads drawn from all of them, without `Authorization`, with an empty one or generated lookalikes;
 *   and the writes, each on its record (of this run), given to the flows of the authentication rules
 *   (`rules/authentication/refused.ts`), which read the record before and after: the records shared out
 *   between the two rules, each taking one write without valid credentials at most (`refusedWrite`).
 * Every answer is judged by the authentication rules' exchange verdict.
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
import { listedTransactions, transactionState } from '../helpers/provisioning/transactions.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';

/** Credentials that are not valid: none (no or an empty `Authorization`), or other than the run's token. */
export type Unauthenticated = 'none' | 'other';

/** A write of §4 sent without valid credentials, and the record it acts on, read before and after. */
export interface RefusedWrite {
  readonly before: readonly string[];
  readonly answer: ApiResponse;
  readonly after: readonly string[];
  /** What the state is: `the order's transactions (id, transaction_type, status)`. */
  readonly record: string;
  /** When `after` was read: at once, or a while after the answer (deep, {@link LATE_READ_MS}). */
  readonly when: string;
}

/** One input of the flow: a write, its credentials (as shown), and how to send it. */
export interface WriteInput {
  readonly shown: string;
  /** Sends the write on its record (see {@link refusedWrite}): the record read, the write sent, read again. */
  send(): Promise<RefusedWrite>;
}

/** What the flows of the authentication rules are given: the writes to send without valid credentials. */
export interface RefusedWrites {
  /** The writes sent with `credentials` (the records of the suite file that gives them). */
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
  /** The body and headers (no `auth`: the sender chooses the credentials). */
  readonly options: Omit<RequestOptions, 'auth'>;
}

/** A request to send again, as it was sent. */
export interface Replayable extends Write {
  /** The endpoint's path template. */
  readonly template: string;
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

/**
 * The query parameter names of a path, each once, sorted, as a kind sees them: `include`; the page
 * parameters (`page[limit]`, `page[offset]`, and malformed ones such as `page[limit][x]`) as one, `page[…]`;
 * any other name as one, `…`. Names are read decoded (`page%5Blimit%5D` is `page[limit]`).
 */
export function parameterNames(path: string): string[] {
  const query = path.split('?')[1];
  if (query === undefined || query === '') return [];
  const names = [...new URLSearchParams(query).keys()].map((name) =>
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
    template: endpoint.path,
    kind: `${x.method} ${endpoint.path}${names.length === 0 ? '' : `?${names.join('&')}`}`,
  };
}

/** The requests of the journal to replay (see the module comment), each distinct one once, sorted. */
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

/**
 * Registers, at the end of a suite file, the replay of what the file sent (see the module comment), and the
 * flows of `rules` over the file's writes without valid credentials (deep). Call it after the file's other
 * checks and before `finish()`: it runs once they are done.
 */
export function replayWithoutCredentials(
  run: SuiteRun,
  file: (typeof FILES)[number],
  rules: readonly { readonly flows?: (probes: RefusedWrites, check: CheckFunction) => void }[],
): void {
  const { settings, api, journal } = run;
  const invalid = lookalikeCredentials(settings.token, GATE_INVALID);
  const turn = FILES.indexOf(file) * 3;
  let recorded: Replayable[] | undefined;
  const requests = (): Replayable[] => {
    recorded ??= replayable(journal.exchanges());
    return recorded;
  };
  const drawn = (
    method: (m: Method) => boolean,
    credential: fc.Arbitrary<Credential>,
    keep: (request: Replayable) => boolean = () => true,
  ) => {
    const some = requests().filter((r) => method(r.method) && keep(r));
    return some.length === 0 ? undefined : fc.record({ request: fc.constantFrom(...some), credential });
  };

  // Both profiles: the first read of each kind is replayed as soon as its answer is journaled, while the
  // file's other checks run, in a context of its own (the probe's source, no check's evidence); the probe
  // at the end of the file takes these answers as its inputs.
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
        api.send(request.method, request.path, { ...request.options, auth: credential.auth }),
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
        const deep = drawn((m) => m === 'GET', unauthenticated(settings.token));
        return {
          show,
          gate: [...early.values()].map(({ replay }) => replay),
          ...(deep ? { deep: { row: `replay/${file}/reads` as const, arbitrary: deep } } : {}),
        };
      },
      async (replay) => {
        const sent = early.get(show(replay));
        if (!sent) {
          const { request, credential } = replay;
          return api.send(request.method, request.path, { ...request.options, auth: credential.auth });
        }
        // Sent earlier: its exchanges go to this input as if sent now (a rule that failed on them fails it).
        for (const x of await sent.exchanges) currentSending().onExchange?.(x);
      },
      { source: 'replay' },
    );

    if (settings.depth !== 'deep') return;
    const writes: RefusedWrites = {
      replayed: true,
      writes: (credentials: Unauthenticated) => async (t: Judgement) => {
        // Each record takes one write without valid credentials: the records are shared out between the two
        // rules in turn (sorted by key), and each rule draws writes on its own.
        const records = [
          ...new Set(
            requests()
              .filter((r) => r.method !== 'GET')
              .map(recordKey),
          ),
        ].sort(compare);
        const mine = new Set(records.filter((_, i) => i % 2 === (credentials === 'none' ? 0 : 1)));
        const arbitrary = t.need(
          drawn(
            (m) => m !== 'GET',
            unauthenticated(settings.token, credentials),
            (r) => mine.has(recordKey(r)),
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

/**
 * How long after the answer to a write without valid credentials its record is read again, in the deep
 * profile: a target may carry a write out after it answered (a job queued before the token was checked), and
 * the change must show on that record, the only write without valid credentials it takes. The gate reads it
 * again at once.
 */
export const LATE_READ_MS = 500;

/** The records that took a write without valid credentials, by key (see {@link refusedWrite}). */
const claimed = new Set<string>();

/**
 * A write without valid credentials as a flow's input: shown, and sent on its record, which takes no other
 * write without valid credentials in the run (an input that finds its record taken is left unjudged), so that
 * a change is the one write's, whatever credentials the others carried and however late it shows: the record
 * read, the write sent, the record read again (deep: {@link LATE_READ_MS} after the answer).
 */
export function refusedWrite(run: SuiteRun, replay: Replay): WriteInput {
  return {
    shown: show(replay),
    send: async (): Promise<RefusedWrite> => {
      const record = recordOf(run, replay.request);
      if (claimed.has(record.key)) {
        skip(
          `${record.key} took another write without valid credentials: each is judged on a record of its own`,
        );
      }
      claimed.add(record.key);
      const before = await record.state();
      const { request, credential } = replay;
      const answer = await run.api.send(request.method, request.path, {
        ...request.options,
        auth: credential.auth,
      });
      const late = run.settings.depth === 'deep';
      if (late) await new Promise((resolve) => setTimeout(resolve, LATE_READ_MS));
      const after = await record.state();
      return {
        before,
        answer,
        after,
        record: record.what,
        when: late ? `read again ${LATE_READ_MS} ms after the answer` : 'read again at once',
      };
    },
  };
}

/** The key of the record a write of §4 acts on: its order, or the integration's path. */
export function recordKey(request: Pick<Write, 'path'>): string {
  const order = /^\/v2\/orders\/([^/?#]+)\//.exec(request.path)?.[1];
  return order !== undefined ? `order ${order}` : (request.path.split('?')[0] ?? request.path);
}

/**
 * The record a write of §4 acts on, and its state: the order's transactions (id, type and status of each,
 * those of other orders left out), or whether the integration (the only other record §4 writes: DELETE) can
 * still be read. Nothing else of the answer is compared: a target may add fields that change between reads.
 */
function recordOf({ api }: SuiteRun, request: Write) {
  const key = recordKey(request);
  if (key.startsWith('order ')) {
    const order = key.slice('order '.length);
    return {
      key,
      what: "the order's transactions (id, transaction_type, status)",
      state: async () => {
        const listed = await api.get(`/v2/orders/${order}/transactions`);
        return [
          `GET transactions: ${listed.statusClass}`,
          ...transactionState(listedTransactions(listed) ?? [], order),
        ];
      },
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

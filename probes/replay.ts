/**
 * Every request a suite file sent, as sent, sent again without valid credentials (§5), at the end of the file
 * once its other checks are done and while the records they name still exist (the file's cleanup comes
 * after). What is replayed: the journal's requests to an endpoint of §4 that were sent with the run's token
 * and answered 2xx (a refusal with the token proves nothing without one), each distinct request once,
 * sorted, so that the same requests give the same inputs for a seed.
 * - Both profiles: one read of each kind (method, endpoint, query parameter names), without `Authorization`
 *   and with an invalid token, the kinds of lookalike token taking turns across the files.
 * - Deep: reads drawn from all of them with generated lookalikes; writes replayed on the record they were
 *   sent on (a record of this run), which is read before and after and must not have changed.
 * The answers are judged by AUTH-REQUIRED and AUTH-INVALID, like every exchange without valid credentials.
 */
import fc from 'fast-check';
import { describe } from 'vitest';
import { lookalikeHeaders, TOKEN68 } from '../helpers/auth/lookalikes.ts';
import { SPEC_ENDPOINTS } from '../helpers/catalogue/endpoints.ts';
import { check, probe } from '../helpers/check/check.ts';
import { listedTransactions, transactionState } from '../helpers/fixtures/transactions.ts';
import type { AuthMode, Entry, Method, RequestOptions } from '../helpers/http/journal.ts';
import { matchPath } from '../helpers/judge/answer.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';

/** The files whose requests are replayed, in the order the lookalikes take turns. */
const FILES = ['pagination', 'includes', 'transactions', 'integrations', 'http'] as const;

/** A request to send again, as it was sent. */
export interface Replayable {
  readonly method: Method;
  /** The path as sent, query string included. */
  readonly path: string;
  /** The body and headers as sent (no `auth`: the replay chooses the credentials). */
  readonly options: Omit<RequestOptions, 'auth'>;
  /** The endpoint's path template. */
  readonly template: string;
  /** Its kind: method, template and query parameter names, `GET /v2/products?include&page[…]`. */
  readonly kind: string;
}

/** An `Authorization` header as reports show it (never the token). */
export interface Credential {
  readonly kind: string;
  readonly auth: AuthMode;
}

const MISSING: Credential = { kind: 'without Authorization', auth: 'none' };

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
 * any other name as one, `…`.
 */
export function parameterNames(path: string): string[] {
  const query = path.split('?')[1];
  if (query === undefined || query === '') return [];
  const names = [...new URLSearchParams(query).keys()].map((name) =>
    name.startsWith('page[') ? 'page[…]' : name === 'include' ? name : '…',
  );
  return [...new Set(names)].sort();
}

/** The requests of the journal to replay (see the module comment), each distinct one once, sorted. */
export function replayable(entries: readonly Entry[]): Replayable[] {
  const seen = new Map<string, Replayable>();
  for (const entry of entries) {
    if (entry.credentials !== 'token' || !entry.response?.ok) continue;
    const bare = entry.path.split('?')[0] ?? entry.path;
    const endpoint = SPEC_ENDPOINTS.find((e) => e.method === entry.method && matchPath(e.path, bare));
    if (!endpoint) continue;
    const { auth: _auth, ...options } = entry.options;
    const key = `${entry.method} ${entry.path} ${JSON.stringify(options)}`;
    if (seen.has(key)) continue;
    const names = parameterNames(entry.path);
    seen.set(key, {
      method: entry.method,
      path: entry.path,
      options,
      template: endpoint.path,
      kind: `${entry.method} ${endpoint.path}${names.length === 0 ? '' : `?${names.join('&')}`}`,
    });
  }
  return [...seen.entries()]
    .sort(([a, x], [b, y]) => compare(x.kind, y.kind) || compare(x.path, y.path) || compare(a, b))
    .map(([, request]) => request);
}

/** One request of each kind (the first of the sorted list): what the gate profile replays. */
export function oneOfEachKind(requests: readonly Replayable[]): Replayable[] {
  const kinds = new Map<string, Replayable>();
  for (const request of requests) if (!kinds.has(request.kind)) kinds.set(request.kind, request);
  return [...kinds.values()];
}

/** The valid token's lookalikes, with characters appended, and an unrelated token as long as the valid one. */
export function generatedLookalikes(token: string): fc.Arbitrary<Credential> {
  const suffix = fc.string({ unit: fc.constantFrom(...TOKEN68), minLength: 1, maxLength: 8 });
  return fc.oneof(
    fc.constantFrom(
      ...lookalikeHeaders(token).map((h) => ({ kind: h.kind, auth: { authorization: h.authorization } })),
    ),
    suffix.map((s) => ({
      kind: `the token with "${s}" appended`,
      auth: { authorization: `Bearer ${token}${s}` },
    })),
    fc
      .string({ unit: fc.constantFrom(...TOKEN68), minLength: token.length, maxLength: token.length })
      .filter((s) => s !== token)
      .map((s) => ({ kind: `an unrelated token "${s}"`, auth: { authorization: `Bearer ${s}` } })),
  );
}

interface Replay {
  readonly request: Replayable;
  readonly credential: Credential;
}
const show = ({ request, credential }: Replay) => `${request.method} ${request.path} ${credential.kind}`;

/**
 * Registers, at the end of a suite file, the replay of what the file sent (see the module comment). Call it
 * after the file's other checks and before `finish()`: it runs once they are done.
 */
export function replayWithoutCredentials(run: SuiteRun, file: (typeof FILES)[number]): void {
  const { info, api, journal } = run;
  const invalid = lookalikeHeaders(info.token).filter((h) => GATE_INVALID.includes(h.kind));
  const turn = FILES.indexOf(file) * 3;
  let recorded: Replayable[] | undefined;
  const requests = (): Replayable[] => {
    recorded ??= replayable(journal.entries());
    return recorded;
  };
  const invalidTokens = generatedLookalikes(info.token);
  const drawn = (method: (m: Method) => boolean, credential: fc.Arbitrary<Credential>) => {
    const some = requests().filter((r) => method(r.method));
    return some.length === 0 ? undefined : fc.record({ request: fc.constantFrom(...some), credential });
  };
  const send = ({ request, credential }: Replay) =>
    api.send(request.method, request.path, { ...request.options, auth: credential.auth });

  // Not concurrent: it runs after the file's concurrent checks, when their requests are all sent.
  describe(`${file}: its requests again, without valid credentials`, () => {
    probe(
      'the reads of this file, as sent, without Authorization and with invalid tokens',
      async () => {
        const reads = oneOfEachKind(requests().filter((r) => r.method === 'GET'));
        const deep = drawn((m) => m === 'GET', fc.oneof(fc.constant(MISSING), invalidTokens));
        return {
          show,
          gate: reads.flatMap((request, i) => [
            { request, credential: MISSING },
            { request, credential: toCredential(invalid[(i + turn) % invalid.length]) },
          ]),
          ...(deep ? { deep: { row: `replay/${file}/reads` as const, arbitrary: deep } } : {}),
        };
      },
      send,
      { source: 'replay' },
    );

    if (info.depth !== 'deep') return;
    for (const [ruleId, credential] of [
      ['AUTH-REQUIRED', fc.constant(MISSING)],
      ['AUTH-INVALID', invalidTokens],
    ] as const) {
      check(
        ruleId,
        `a write this file sent, sent again ${ruleId === 'AUTH-REQUIRED' ? 'without Authorization' : 'with an invalid token'}, changes nothing`,
        async (t, replay: Replay) => {
          const before = await stateOf(run, replay.request);
          await send(replay);
          const after = await stateOf(run, replay.request);
          t.expectEqual(
            after,
            before,
            `the record the write was sent on, read before and after (${replay.request.template})`,
          );
        },
        {
          inputs: async (t) => {
            const writes = t.need(
              drawn((m) => m !== 'GET', credential),
              'this file sent no write of §4 that was answered 2xx',
            );
            const row = `replay/${file}/${ruleId === 'AUTH-REQUIRED' ? 'missing' : 'invalid'}` as const;
            return { show, deep: { row, arbitrary: writes } };
          },
        },
      );
    }
  });
}

function toCredential(header: { kind: string; authorization: string } | undefined): Credential {
  return header ? { kind: `with ${header.kind}`, auth: { authorization: header.authorization } } : MISSING;
}

/**
 * The record a write acts on: the order's transactions (id, type and status of each), or whether the
 * integration (the only other record §4 writes: DELETE) can still be read. Nothing else of the answer is
 * compared: a target may add fields that change between reads.
 */
async function stateOf({ api }: SuiteRun, request: Replayable): Promise<string[]> {
  const order = /^\/v2\/orders\/([^/?#]+)\//.exec(request.path)?.[1];
  if (order !== undefined) {
    const listed = await api.get(`/v2/orders/${order}/transactions`);
    return [
      `GET transactions: ${listed.statusClass}`,
      ...transactionState(listedTransactions(listed) ?? [], order),
    ];
  }
  const read = await api.get(request.path.split('?')[0] ?? request.path);
  return [`GET the integration: ${read.statusClass}`];
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Every request an area sent, as sent, sent again without valid credentials (§5; issue 10): at the end of
 * each area's suite file, once its other checks are done and while the records they name still exist (the
 * file's cleanup runs after), the requests of the file's journal (`helpers/run/sent.ts`: sent with the run's
 * token to an endpoint of §4 and answered 2xx; `recorded-requests.ts`) are sent again:
 * - both profiles: one read of each kind (method, endpoint, query parameter names) without Authorization
 *   (AUTH-REQUIRED), and the same with an invalid token, the kinds of lookalike token taking turns
 *   (AUTH-INVALID); about 12 reads a run for each rule;
 * - deep: requests drawn from all of them, writes included, without Authorization and with generated
 *   invalid tokens, within each area's share of the request budget.
 *
 * Each answers 4xx without `data`. A write is sent on the record it was sent on (a record of this run), and
 * the record is read before and after: it must not have changed. The deep checks run one after the other,
 * one input at a time, so that a write let through shows on its own request only.
 */
import fc from 'fast-check';
import { describe } from 'vitest';
import { lookalikeHeaders } from '../../helpers/auth/lookalikes.ts';
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { PrerequisiteError } from '../../helpers/check/failure.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import { listedTransactions, transactionState } from '../../helpers/fixtures/transactions.ts';
import type { AuthMode, Method, RequestOptions } from '../../helpers/http/client.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import type { RunInfo } from '../../helpers/run/run-info.ts';
import { sentJournal } from '../../helpers/run/sent.ts';
import { expectRefused } from './fixtures.ts';
import { oneOfEachKind, type Replayable, replayable } from './recorded-requests.ts';
import { type Credential, generatedLookalikes, MISSING } from './replay.ts';

/** The areas whose requests are replayed (the authentication area's own are its checks already). */
export const REPLAY_AREAS = ['pagination', 'includes', 'transactions', 'integrations', 'http'] as const;
export type ReplayArea = (typeof REPLAY_AREAS)[number];

/** What a replay sends through: the check's client, or a budgeted one (deep). */
interface Sender {
  send(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse>;
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
 * The record a write acts on, read to prove that a refused write changed nothing: the order's transactions
 * (id, type and status of each), or whether the integration (the only other record §4 writes: DELETE) can
 * still be read. Nothing else of the answer is compared: a target may add fields that change between reads.
 */
async function stateOf(client: Sender, request: Replayable): Promise<string[]> {
  const order = /^\/v2\/orders\/([^/?#]+)\//.exec(request.path)?.[1];
  if (order !== undefined) {
    const listed = await client.send('GET', `/v2/orders/${order}/transactions`);
    return [
      `GET transactions: ${listed.statusClass}`,
      ...transactionState(listedTransactions(listed) ?? [], order),
    ];
  }
  const read = await client.send('GET', request.path.split('?')[0] ?? request.path);
  return [`GET the integration: ${read.statusClass}`];
}

/** Sends `request` again with `auth`: 4xx without data, and (a write) the record unchanged. */
async function replay(t: CheckContext, client: Sender, request: Replayable, auth: AuthMode): Promise<void> {
  const options = { ...request.options, auth };
  if (request.method === 'GET') {
    expectRefused(t, await client.send('GET', request.path, options));
    return;
  }
  const before = await stateOf(client, request);
  expectRefused(t, await client.send(request.method, request.path, options));
  t.expectEqual(
    await stateOf(client, request),
    before,
    `the record the write was sent on, read before and after (${request.template})`,
  );
}

const show = (request: Replayable) => `${request.method} ${request.path}`;

/**
 * The file's replayable requests, read from the journal once, when the first replay check starts (the
 * state reads of the deep replays, sent with the token, are not replayed in turn); a skip when it sent none
 * (its checks were not selected, or were skipped).
 */
function recordedOnce(): () => Replayable[] {
  let requests: Replayable[] | undefined;
  return () => {
    requests ??= replayable(sentJournal.entries());
    return requireSome(requests);
  };
}

function requireSome(requests: Replayable[]): Replayable[] {
  if (requests.length === 0) {
    throw new PrerequisiteError(
      'this suite file sent no request to an endpoint of §4 that was answered 2xx (its other checks were not selected, or were skipped)',
    );
  }
  return requests;
}

/**
 * The gate profile's replays: one read of each kind. The writes of §4 are sent without valid credentials on
 * records of their own by the authentication area in both profiles (`writes.ts`); the deep profile replays
 * this area's writes as sent.
 */
function gateReads(recorded: () => Replayable[]): Replayable[] {
  const reads = oneOfEachKind(recorded().filter((request) => request.method === 'GET'));
  if (reads.length === 0)
    throw new PrerequisiteError('this suite file sent no read of §4 that was answered 2xx');
  return reads;
}

/**
 * Registers, at the end of an area's suite file, the replay of what the file sent (see the module comment).
 * Call it after the file's other checks: it runs once they are done.
 */
export function replayRecorded(info: RunInfo, area: ReplayArea): void {
  const invalid = lookalikeHeaders(info.token).filter((h) => GATE_INVALID.includes(h.kind));
  // Each area starts the turn of lookalikes elsewhere, so that the run sends every kind.
  const turn = REPLAY_AREAS.indexOf(area) * 3;
  const recorded = recordedOnce();

  // A describe that is not concurrent runs after the file's concurrent ones: the requests are all sent. In
  // it, both checks of the gate profile at once (reads only), then the deep ones one after the other (writes).
  describe(`${area}: its requests again, without valid credentials`, () => {
    describe.concurrent('gate', () => {
      check(
        'AUTH-REQUIRED',
        'one of each kind of read this area sent, as sent (query string included), without Authorization',
        async (t) => {
          await judgeEach(t, {
            inputs: gateReads(recorded),
            show,
            judge: (request) => replay(t, t.api, request, 'none'),
          });
        },
      );

      check(
        'AUTH-INVALID',
        'one of each kind of read this area sent, as sent (query string included), with an invalid token (kinds of lookalike in turn)',
        async (t) => {
          const kinds = gateReads(recorded).map((request, i) => ({
            request,
            credential: invalid[(i + turn) % invalid.length] as (typeof invalid)[number],
          }));
          await judgeEach(t, {
            inputs: kinds,
            show: ({ request, credential }) => `${show(request)} with ${credential.kind}`,
            judge: ({ request, credential }) =>
              replay(t, t.api, request, { authorization: credential.authorization }),
          });
        },
      );
    });

    if (info.depth !== 'deep') return;
    describe('deep', () => {
      const replayed = (credentials: fc.Arbitrary<Credential>) =>
        fc.record({ request: fc.constantFrom(...recorded()), credential: credentials });

      exploreCheck('AUTH-REQUIRED', `requests this area sent, as sent, without Authorization`, async (t) =>
        exploration({
          name: `replay/${area}/missing`,
          arbitrary: replayed(fc.constant(MISSING)),
          show: ({ request }) => show(request),
          judge: ({ request }, client) => replay(t, client, request, 'none'),
        }),
      );

      exploreCheck(
        'AUTH-INVALID',
        `requests this area sent, as sent, with tokens that only look right`,
        async (t) =>
          exploration({
            name: `replay/${area}/invalid`,
            arbitrary: replayed(generatedLookalikes(info.token)),
            show: ({ request, credential }) => `${show(request)} with ${credential.kind}`,
            judge: ({ request, credential }, client) => replay(t, client, request, credential.auth),
          }),
      );
    });
  });
}

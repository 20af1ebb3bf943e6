/**
 * What the two authentication rules (§5: "Every endpoint above requires the header `Authorization` … with a
 * bearer token") ask of a request sent to a path of §4, by any method, without valid credentials, decided two
 * ways: on every such exchange of the journal ({@link refusedWithout}), a 4xx that returns no `data`; for the writes
 * of §4 ({@link changesNothing}), the record of this run the write acts on, read with the token before and
 * after, has not changed. Which rule judges a request is what its `Authorization` header carried
 * (`credentialsOf`, `helpers/auth/lookalikes.ts`): nothing (no header, or an empty one) is the missing-credentials
 * rule's, an invalid token the invalid-token rule's; the run's token spelled another way (`bearer <token>`) is neither: a target
 * may take it.
 */
import { SPEC_PATHS } from '../../helpers/catalogue/endpoints.ts';
import type { CheckFunction } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import type { RefusedWrites, Unauthenticated, WriteInput } from '../../probes/replay.ts';

/** What a request without valid credentials carried: nothing (`none`), or an invalid token (`other`). */

/**
 * The exchange verdict of both rules, on every request to a path of §4 (its path template: a path that
 * matches none, a provisioning call, `DELETE /v2/products/:id`, is not judged), whatever its method, that
 * carried `credentials`. Any status but a 5xx (the 5xx rule's) is judged: it must be a 4xx, and a JSON body
 * must not carry `data` (a `data: null` carries none). An `OPTIONS` may be answered anything without `data`:
 * without credentials it may be a CORS preflight, which a server answers before authentication (the Fetch
 * standard sends a preflight without credentials), and a CORS handler may answer every `OPTIONS` so.
 */
export function refusedWithout(credentials: Unauthenticated): RuleDeclaration['exchange'] {
  return {
    scope: { methods: ['*'], paths: SPEC_PATHS, status: 'not 5xx', credentials },
    judge: (x, t) => {
      if (x.method !== 'OPTIONS') t.expectStatus(x.response, '4xx');
      const body = x.response.json;
      const data = isObject(body) ? body.data : undefined;
      t.assert(
        data === undefined || data === null,
        'no data in the answer',
        () => `data: ${JSON.stringify(data).slice(0, 300)}`,
        x.response,
      );
    },
  };
}

/**
 * The flow of both rules ("and changes nothing"): each write of the inputs, sent with `credentials` on a
 * record of this run that takes no other write without valid credentials (so a change, however late it shows,
 * is that write's and these credentials'), leaves the record as it was (only what a write of §4 changes is compared: the order's
 * transactions, id, type and status; whether the integration can still be read). Whether its own answer is a
 * 4xx without data is the exchange verdict's to judge.
 */
export function changesNothing(
  check: CheckFunction,
  credentials: Unauthenticated,
  probes: RefusedWrites,
): void {
  const how =
    credentials === 'none' ? 'without Authorization (or with an empty one)' : 'with an invalid token';
  check(
    `a write of §4 sent ${how} on a record of this run changes nothing`,
    async (t: CheckContext, write: WriteInput) => {
      const { before, answer, after, record, when } = await write.send();
      t.attach(answer);
      t.expectEqual(after, before, `${record}, read before the write and ${when}`);
    },
    { inputs: probes.writes(credentials), writes: true },
  );
}

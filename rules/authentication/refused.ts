/**
 * What the two authentication rules (§5) ask of a request to a path of §4 without valid credentials: a 4xx
 * without `data`, and no change to the record a write acts on. No header (or an empty one) is one rule's, an
 * invalid token the other's; the run's token spelled another way is neither's (`helpers/auth/lookalikes.ts`).
 */
import { SPEC_PATHS, unimplemented } from '../../helpers/catalogue/endpoints.ts';
import type { CheckFunction } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import type { RefusedWrites, Unauthenticated, WriteInput } from '../../probes/relations.ts';

/**
 * The exchange verdict, on any method to a path of §4: a 4xx without `data` (`data: null` carries none). An
 * `OPTIONS` may be answered anything without `data`: it may be a CORS preflight, which the Fetch standard
 * sends without credentials and a server answers before authentication.
 */
function refusedWithout(credentials: Unauthenticated): RuleDeclaration['exchange'] {
  return {
    scope: { methods: ['*'], paths: SPEC_PATHS, status: 'any', credentials },
    judge: (x, t) => {
      t.need(!unimplemented(x), `501 to ${x.method}, a method the path does not serve (not implemented)`);
      if (x.method !== 'OPTIONS') t.expectStatus(x.response, '4xx');
      const data = x.response.data;
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
 * The verdicts of the rule about `credentials`: {@link refusedWithout}, and the flow ("and changes nothing"):
 * each write, sent with `credentials` on a record of this run that takes no other such write (so a late change
 * is still this one's), leaves what §4's writes change as it was.
 */
export function refusedAndUnchanged(credentials: Unauthenticated) {
  const how =
    credentials === 'none' ? 'without Authorization (or with an empty one)' : 'with an invalid token';
  return {
    exchange: refusedWithout(credentials),
    flows: (probes: RefusedWrites, check: CheckFunction) =>
      check(
        `a write of §4 sent ${how} on a record of this run changes nothing`,
        async (t: CheckContext, write: WriteInput) => {
          const { before, answer, after, record, when } = await write.send();
          t.attach(answer);
          t.expectEqual(after, before, `${record}, read before the write and ${when}`);
        },
        { inputs: probes.writes(credentials), writes: true },
      ),
  };
}

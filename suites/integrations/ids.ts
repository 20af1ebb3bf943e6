/**
 * Depth of INT-NOT-FOUND (§4.2; issue 10): reading and deleting integration ids that exist nowhere and ids
 * that are not UUIDs. Both profiles: two ids that are not UUIDs (digits, a word). Deep: ids drawn by
 * fast-check (`helpers/depth/ids.ts`), each read or deleted. Each answer must be 4xx (a 400 for a malformed
 * id as well as a 404); a 5xx is HTTP-NO-5XX's failure too (the run's sweep of every exchange).
 */
import fc from 'fast-check';
import { check } from '../../helpers/check/check.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import { foreignIds } from '../../helpers/depth/ids.ts';

/** Integration ids of the gate profile that are not UUIDs. */
const NOT_UUIDS = ['0', 'conformance-not-a-uuid'] as const;

export function integrationIdChecks(): void {
  check(
    'INT-NOT-FOUND',
    `GET and DELETE of integration ids that are not UUIDs (${NOT_UUIDS.join(', ')}) answer 4xx`,
    async (t) => {
      await judgeEach(t, {
        inputs: NOT_UUIDS.flatMap((id) => (['GET', 'DELETE'] as const).map((method) => ({ method, id }))),
        show: ({ method, id }) => `${method} /v2/integrations/${id}`,
        judge: async ({ method, id }) =>
          t.expectStatus(await t.api.send(method, `/v2/integrations/${id}`), '4xx'),
      });
    },
    { writes: true },
  );

  exploreCheck(
    'INT-NOT-FOUND',
    'GET and DELETE of integration ids that exist nowhere or are not UUIDs answer 4xx',
    async (t) =>
      exploration({
        name: 'ids/integrations',
        arbitrary: fc.record({
          method: fc.constantFrom('GET' as const, 'DELETE' as const),
          id: foreignIds(),
        }),
        show: ({ method, id }) => `${method} /v2/integrations/${id}`,
        judge: async ({ method, id }, api) =>
          t.expectStatus(await api.send(method, `/v2/integrations/${id}`), '4xx'),
      }),
    { writes: true },
  );
}

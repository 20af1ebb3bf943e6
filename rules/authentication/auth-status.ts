/** Observed on the rule's own three reads of a listing: §7 shows neither the status nor the body. */
import { EMPTY, MISSING } from '../../helpers/auth/lookalikes.ts';
import { rule } from '../../helpers/judge/rule.ts';
import type { RefusedWrites } from '../../probes/relations.ts';

const CASES = {
  'missing token': MISSING.auth,
  'empty header': EMPTY.auth,
  'invalid token': { authorization: `Bearer conformance-invalid-${crypto.randomUUID()}` },
};

export default rule({
  id: 'AUTH-STATUS',
  level: 'INFO',
  section: '§5',
  title: 'The status code and error body a target uses for a missing or bad token.',
  flows: (probes: RefusedWrites, check) =>
    probes.replayed ||
    check('the status and error body for a missing, an empty and an invalid token', async (t) => {
      for (const [key, auth] of Object.entries(CASES)) {
        const response = await t.api.get('/v2/categories?page%5Blimit%5D=1', { auth });
        t.observe(key, {
          status: response.status,
          contentType: response.headers['content-type'] ?? null,
          body: response.json ?? response.text.slice(0, 500),
        });
      }
    }),
});

/**
 * AUTH-STATUS (§5, INFO): the status code and error body a target uses for a missing or bad token (§7 shows
 * neither). Observed on a listing read without `Authorization`, with an empty header and with an unrelated
 * token; the answers are judged by AUTH-REQUIRED and AUTH-INVALID like every other.
 */
import { EMPTY, MISSING } from '../../helpers/auth/lookalikes.ts';
import { check } from '../../helpers/check/check.ts';
import { rule } from '../../helpers/judge/rule.ts';

const CASES = {
  'missing token': MISSING.auth,
  'empty header': EMPTY.auth,
  'invalid token': { authorization: `Bearer conformance-invalid-${crypto.randomUUID()}` },
};

/** Needs no probe of the area: its three reads are its own. */
export default rule<unknown>('AUTH-STATUS', {
  flows: () =>
    check(
      'AUTH-STATUS',
      'the status and error body for a missing, an empty and an invalid token',
      async (t) => {
        for (const [key, auth] of Object.entries(CASES)) {
          const response = await t.api.get('/v2/categories?page%5Blimit%5D=1', { auth });
          t.observe(key, {
            status: response.status,
            contentType: response.headers['content-type'] ?? null,
            body: response.json ?? response.text.slice(0, 500),
          });
        }
      },
    ),
});

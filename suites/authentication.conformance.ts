/**
 * Authentication (§5): every endpoint of §4 requires `Authorization: Bearer <token>`.
 *
 * The entry of the authentication area. For each endpoint two checks: no Authorization header
 * (AUTH-REQUIRED) and an invalid bearer token (AUTH-INVALID). Each answers 4xx, carries no `data`, and
 * changes nothing:
 * - `authentication/reads.ts`: the reads;
 * - `authentication/writes.ts`: the writes, each on records of its own, read back afterwards;
 * - `authentication/fixtures.ts`: those records, and the before / after comparison;
 * - `authentication/replay.ts`: deep, generated reads of every kind and writes on fresh records, without a
 *   token and with tokens that only look right;
 * - `authentication/recorded.ts`: not run here, but at the end of every other area's file: the requests that
 *   area sent, as sent, again without valid credentials.
 */
import { describe } from 'vitest';
import { check } from '../helpers/check/check.ts';
import { suiteRun } from '../helpers/run/suite.ts';
import { authFixtures, MODES } from './authentication/fixtures.ts';
import { readChecks } from './authentication/reads.ts';
import { replayChecks } from './authentication/replay.ts';
import { writeChecks } from './authentication/writes.ts';

const fixtures = authFixtures(suiteRun());

describe.concurrent('authentication', () => {
  for (const mode of MODES) {
    readChecks(fixtures, mode);
    writeChecks(fixtures, mode);
  }
  replayChecks(fixtures);

  check('AUTH-STATUS', 'the status and error body for a missing and for an invalid token', async (t) => {
    for (const mode of MODES) {
      const response = await t.api.get('/v2/categories?page[limit]=1', { auth: mode.auth });
      t.observe(`${mode.rule === 'AUTH-REQUIRED' ? 'missing' : 'invalid'} token`, {
        status: response.status,
        contentType: response.headers['content-type'] ?? null,
        body: response.json ?? response.text.slice(0, 500),
      });
    }
  });
});

/**
 * Every kind of request the suite sends, as sent (with its query string), sent again without a token
 * (AUTH-REQUIRED) and with invalid tokens that only look right (AUTH-INVALID; `helpers/auth/lookalikes.ts`);
 * issue 10. Both profiles: every read form of `forms.ts` without a token and with the valid token plus a
 * character, and every lookalike token on a listing with a query string. Deep: generated reads (any page,
 * any include) and the writes of `replay-writes.ts` on the check's own records, each followed by a read that
 * proves nothing changed, with generated invalid tokens.
 */
import fc from 'fast-check';
import { lookalikeHeaders, TOKEN68 } from '../../helpers/auth/lookalikes.ts';
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import type { PoolClient } from '../../helpers/depth/pool.ts';
import { skipInput } from '../../helpers/depth/record.ts';
import type { AuthMode } from '../../helpers/http/client.ts';
import { type AuthFixtures, expectRefused } from './fixtures.ts';
import { fillRead, READ_FORMS, type ReadForm, readForms } from './forms.ts';
import { WRITE_FORMS, type WriteForm, writeReplayer } from './replay-writes.ts';

/** An Authorization header as reports show it (never the token). */
interface Credential {
  readonly kind: string;
  readonly auth: AuthMode;
}

/**
 * The lookalike kinds the gate profile sends on the listing, one of each family of mistakes: a prefix of the
 * token, another case, one character changed, no scheme, another scheme, a scheme without a token. The
 * appended token is sent on every read form above; the other kinds are drawn by the deep profile.
 */
const GATE_LOOKALIKES = [
  'the token without its last character',
  'the token in another case',
  'the token with its last character changed',
  'the token without a scheme',
  'the token under the Basic scheme',
  'Bearer and no token',
];

const MISSING: Credential = { kind: 'without Authorization', auth: 'none' };

/** The valid token with characters appended, and an unrelated token as long as the valid one. */
function generatedLookalikes(token: string): fc.Arbitrary<Credential> {
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

type Form = { read: ReadForm } | { write: WriteForm };
const showForm = (form: Form) => ('read' in form ? `GET ${form.read}` : form.write);

export function replayChecks(fixtures: AuthFixtures): void {
  const { info, readTargets } = fixtures;
  const token = info.token;

  /** A read form sent with `auth`: 4xx and no data. */
  const sendRead = async (t: CheckContext, form: ReadForm, auth: AuthMode, client?: PoolClient) => {
    const path = fillRead(form, await readTargets());
    if (path === undefined) skipInput('read-only mode without the id of a record this read needs');
    expectRefused(t, await (client ?? t.api).get(path, { auth }));
  };

  check('AUTH-REQUIRED', 'every kind of read, with its query string, without Authorization', async (t) => {
    await judgeEach(t, {
      inputs: READ_FORMS,
      show: (form) => `GET ${form}`,
      judge: (form) => sendRead(t, form, 'none'),
    });
  });

  check(
    'AUTH-INVALID',
    'every kind of read, with its query string, with the token plus a character',
    async (t) => {
      await judgeEach(t, {
        inputs: READ_FORMS,
        show: (form) => `GET ${form}`,
        judge: (form) => sendRead(t, form, { authorization: `Bearer ${token}x` }),
      });
    },
  );

  check(
    'AUTH-INVALID',
    'a listing with a query string, with tokens that only look right (one of each kind of mistake)',
    async (t) => {
      await judgeEach(t, {
        inputs: lookalikeHeaders(token).filter((h) => GATE_LOOKALIKES.includes(h.kind)),
        show: (h) => `GET /v2/categories?page[limit]=1 with ${h.kind}`,
        judge: (h) => sendRead(t, '/v2/categories?page[limit]=1', { authorization: h.authorization }),
      });
    },
  );

  const forms: fc.Arbitrary<Form> = fc.oneof(
    { weight: 2, arbitrary: readForms().map((read) => ({ read })) },
    { weight: 1, arbitrary: fc.constantFrom(...WRITE_FORMS).map((write) => ({ write })) },
  );
  const replayed = (t: CheckContext, credentials: fc.Arbitrary<Credential>) => {
    const write = writeReplayer(fixtures, t);
    return fc.record({ form: forms, credential: credentials }).map((input) => ({
      ...input,
      send: (client: PoolClient) =>
        'read' in input.form
          ? sendRead(t, input.form.read, input.credential.auth, client)
          : info.readOnly
            ? skipInput('read-only mode: no write is sent')
            : write(input.form.write, input.credential.auth, client),
    }));
  };

  exploreCheck('AUTH-REQUIRED', 'generated reads and writes of the run, without Authorization', async (t) =>
    exploration({
      name: 'authentication/missing',
      arbitrary: replayed(t, fc.constant(MISSING)),
      show: (input) => showForm(input.form),
      judge: (input, client) => input.send(client),
    }),
  );

  exploreCheck(
    'AUTH-INVALID',
    'generated reads and writes of the run, with tokens that only look right',
    async (t) =>
      exploration({
        name: 'authentication/invalid',
        arbitrary: replayed(t, generatedLookalikes(token)),
        show: (input) => `${showForm(input.form)} with ${input.credential.kind}`,
        judge: (input, client) => input.send(client),
      }),
  );
}

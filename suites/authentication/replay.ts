/**
 * Generated requests without a token (AUTH-REQUIRED) and with invalid tokens that only look right
 * (AUTH-INVALID; `helpers/auth/lookalikes.ts`), in the deep profile (issue 10): reads of every kind the other
 * areas send, at any page and with any include (`forms.ts`), and the writes of `replay-writes.ts` on the
 * check's own fresh records, each followed by a read that proves nothing changed. The requests the other
 * areas actually sent are replayed at the end of each area (`recorded.ts`).
 */
import fc from 'fast-check';
import { lookalikeHeaders, TOKEN68 } from '../../helpers/auth/lookalikes.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import { exploration, exploreCheck } from '../../helpers/depth/explore.ts';
import type { PoolClient } from '../../helpers/depth/pool.ts';
import { skipInput } from '../../helpers/depth/record.ts';
import type { AuthMode } from '../../helpers/http/client.ts';
import { type AuthFixtures, expectRefused } from './fixtures.ts';
import { fillRead, type ReadForm, readForms } from './forms.ts';
import { WRITE_FORMS, type WriteForm, writeReplayer } from './replay-writes.ts';

/** An Authorization header as reports show it (never the token). */
export interface Credential {
  readonly kind: string;
  readonly auth: AuthMode;
}

export const MISSING: Credential = { kind: 'without Authorization', auth: 'none' };

/** The valid token with characters appended, and an unrelated token as long as the valid one. */
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

/**
 * The methods probe (§4, §5, §7): every path asked with the methods it does not serve (`space/methods.ts`),
 * with the token, without credentials and with an invalid one. A write with the token names made-up records
 * only; a path parameter names the run's own record where a server that served the request would show it.
 */
import fc from 'fast-check';
import {
  type Credential,
  lookalikeCredentials,
  MISSING,
  unauthenticated,
} from '../helpers/auth/lookalikes.ts';
import { probe } from '../helpers/check/check.ts';
import { skip } from '../helpers/check/failure.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import { type Asked, GATE_ASKED, type MethodPoint, PROBED, WRITES } from './space/methods.ts';
import type { OwnRecords } from './spellings.ts';

interface MethodInput {
  readonly point: MethodPoint;
  readonly credential: Credential;
  readonly own: boolean;
}

const TOKEN: Credential = { kind: 'with the token', auth: 'token' };

const show = ({ point, credential, own }: MethodInput) =>
  `${point.method} ${point.path} ${credential.kind}${point.path.includes(':') ? (own ? ' (own records)' : ' (made-up ids)') : ''}`;

/** A write with the token takes made-up ids only. */
const ownAllowed = (p: MethodPoint) => !(WRITES.includes(p.method) && p.credentials === 'token');

/** Declares the methods probe, on records of the run where a path names one. */
export function methodProbes(run: SuiteRun, { order, category, integration }: OwnRecords): void {
  const { settings, api, known } = run;
  const unknown = crypto.randomUUID();
  known.madeUp(unknown);
  const invalid = lookalikeCredentials(settings.token, ['an unrelated token'])[0] ?? MISSING;
  const gateCredential: Readonly<Record<Asked, Credential>> = { token: TOKEN, none: MISSING, other: invalid };
  const drawnCredential = (asked: Asked): fc.Arbitrary<Credential> =>
    asked === 'token' ? fc.constant(TOKEN) : unauthenticated(settings.token, asked);

  const pathOf = async ({ point, own }: MethodInput): Promise<string> => {
    if (settings.readOnly && (own || WRITES.includes(point.method)))
      skip('read-only mode: a write, or a request on records of the run');
    const values: Record<string, () => Promise<string>> = {
      orderId: order,
      id: point.path.startsWith('/v2/integrations') ? integration : category,
    };
    let path = point.path;
    for (const [, name] of point.path.matchAll(/:(\w+)/g)) {
      const value = own && name !== undefined && values[name] ? await values[name]() : unknown;
      path = path.replace(`:${name}`, value);
    }
    return path;
  };

  probe(
    'every path of §4 with the methods it does not serve, with and without valid credentials',
    {
      show,
      gate: GATE_ASKED.map((point) => ({
        point,
        credential: gateCredential[point.credentials],
        own: point.path.startsWith('/v2/orders/') && ownAllowed(point),
      })),
      deep: {
        row: 'http/methods',
        arbitrary: fc.constantFrom(...PROBED).chain((point) =>
          fc.record({
            point: fc.constant(point),
            credential: drawnCredential(point.credentials),
            own: ownAllowed(point) ? fc.boolean() : fc.constant(false),
          }),
        ),
      },
    },
    async (input) => api.send(input.point.method, await pathOf(input), { auth: input.credential.auth }),
  );
}

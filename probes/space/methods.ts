/**
 * The methods of every path (§4, §8), named there or not, each with the token, without credentials and with an
 * invalid token; a write on a collection is no point. The gate covers the methods §4 names with the token, the
 * reads and some writes without valid credentials, and {@link GATE_ASKED}.
 */
import { HARD_LISTINGS, LISTINGS, namedMethods, SPEC_PATHS } from '../../helpers/catalogue/endpoints.ts';
import type { Credentials } from '../../helpers/http/journal.ts';
import type { Dimension, Point } from '../../helpers/inputs/coverage.ts';

/** The methods that write: never sent on a collection path. */
const WRITE_METHODS = ['POST', 'PUT', 'PATCH', 'DELETE'] as const;
export const WRITES: readonly string[] = WRITE_METHODS;

/** Every method asked on every path. */
export const ASKED_METHODS = ['GET', 'HEAD', 'OPTIONS', ...WRITE_METHODS, 'PROPFIND'] as const;

export const PATHS: readonly string[] = [...SPEC_PATHS, ...HARD_LISTINGS];

const HARD: readonly string[] = HARD_LISTINGS;
const SPEC: readonly string[] = SPEC_PATHS;

/** The paths of collections (no record in them). */
const COLLECTIONS: readonly string[] = [...LISTINGS, ...HARD_LISTINGS];

/** What a request carried: the run's token, nothing, or an invalid token. */
export type Asked = 'token' | 'none' | 'other';
export const CREDENTIALS: Readonly<Record<Asked, string>> = {
  token: 'with the token',
  none: 'without credentials',
  other: 'with an invalid token',
};

/** One point: a method on a path template with one kind of credentials. */
export interface MethodPoint {
  readonly method: (typeof ASKED_METHODS)[number];
  readonly path: string;
  readonly credentials: Asked;
}

export const pointId = (p: MethodPoint) => `${p.method} ${p.path} ${CREDENTIALS[p.credentials]}`;

/** Whether the specification names the point's method on its path. */
export const named = (p: Pick<MethodPoint, 'method' | 'path'>) => namedMethods(p.path).includes(p.method);

/** Every point (see the module comment). */
export const METHOD_POINTS: readonly MethodPoint[] = PATHS.flatMap((path) =>
  ASKED_METHODS.filter((method) => !(WRITES.includes(method) && COLLECTIONS.includes(path))).flatMap(
    (method) => (Object.keys(CREDENTIALS) as Asked[]).map((credentials) => ({ method, path, credentials })),
  ),
);

/** The methods probe's covering set in the gate: each method no path serves (HEAD: {@link GATE_REFUSED}). */
export const GATE_ASKED: readonly MethodPoint[] = [
  { method: 'OPTIONS', path: '/v2/integrations/:id', credentials: 'token' },
  { method: 'OPTIONS', path: '/v2/products', credentials: 'other' },
  { method: 'PUT', path: '/v2/integrations/:id', credentials: 'token' },
  { method: 'PATCH', path: '/v2/orders/:orderId/transactions', credentials: 'other' },
  { method: 'PROPFIND', path: '/v2/products', credentials: 'none' },
];

/** The methods the gate sends without valid credentials in `probes/authentication.ts` (reads: the replays). */
const GATE_REFUSED: readonly string[] = [
  'HEAD /v2/integrations/:id without credentials',
  'HEAD /v2/integrations/:id with an invalid token',
  'POST /v2/orders/:orderId/payments without credentials',
  'POST /v2/orders/:orderId/transactions/:transactionId/capture without credentials',
  'DELETE /v2/integrations/:id without credentials',
  'POST /v2/orders/:orderId/transactions/:transactionId/confirm with an invalid token',
  'DELETE /v2/integrations/:id with an invalid token',
];

const inGate = (p: MethodPoint): boolean =>
  (named(p) && (p.credentials === 'token' || (p.method === 'GET' && SPEC.includes(p.path)))) ||
  GATE_REFUSED.includes(pointId(p)) ||
  GATE_ASKED.some((g) => pointId(g) === pointId(p));

/** The points the methods probe sends: unnamed methods, and the listings of §8 without valid credentials. */
export const PROBED: readonly MethodPoint[] = METHOD_POINTS.filter(
  (p) => !named(p) || (HARD.includes(p.path) && p.credentials !== 'token'),
);

const points: Point[] = METHOD_POINTS.map((p) => ({ id: pointId(p), gate: inGate(p) }));
const ids = new Set(points.map((p) => p.id));

export const ASKED: Partial<Record<Credentials, Asked>> = { token: 'token', none: 'none', other: 'other' };

export const METHODS: Dimension = {
  name: 'methods',
  title: 'Methods on every path (§4, §8), with the token, without credentials and with an invalid token',
  points,
  visits: (x) => {
    const credentials = ASKED[x.credentials];
    if (!credentials || !PATHS.includes(x.template)) return [];
    const id = pointId({ method: x.method as MethodPoint['method'], path: x.template, credentials });
    return ids.has(id) ? [id] : [];
  },
};

/**
 * The methods of every path (§4, and the hard-limited listings of §8): the methods §4 names for it, and the
 * others a client may send (HTTP's HEAD and OPTIONS, PUT and PATCH, a method the API does not know). Their
 * answers are answers too: judged by the rules of every answer, and, without valid credentials, by the
 * authentication rules. A point is a method on a path template; an exchange visits it by its own method and
 * the template its path matches.
 */
import { HARD_LISTINGS, SPEC_ENDPOINTS, SPEC_PATHS } from '../../helpers/catalogue/endpoints.ts';
import type { Dimension, Point } from '../../helpers/inputs/coverage.ts';

/** The methods a client may send beside those §4 names: HTTP's own, and one no API knows. */
export const OTHER_METHODS = ['HEAD', 'OPTIONS', 'PUT', 'PATCH', 'DELETE', 'POST', 'PROPFIND'] as const;

/** Every path the methods are asked on. */
export const PATHS: readonly string[] = [...SPEC_PATHS, ...HARD_LISTINGS];

/** The methods §4 names for a path. */
export function namedMethods(path: string): string[] {
  return SPEC_ENDPOINTS.filter((e) => e.path === path).map((e) => e.method);
}

/**
 * The points: each method §4 names on its path (in the gate: the checks send them), and each other method on
 * each path; the gate's covering set holds each other method once, on the path the probe of the gate asks it
 * on (`GATE_METHODS`).
 */
export const GATE_METHODS: Readonly<Record<(typeof OTHER_METHODS)[number], string>> = {
  HEAD: '/v2/categories',
  OPTIONS: '/v2/integrations/:id',
  PUT: '/v2/integrations/:id',
  PATCH: '/v2/categories/:id',
  DELETE: '/v2/orders/:orderId/transactions',
  POST: '/v2/categories/:id',
  PROPFIND: '/v2/products',
};

const points: Point[] = PATHS.flatMap((path) => {
  const named = namedMethods(path);
  return [
    ...named.map((method) => ({ id: `${method} ${path}`, gate: true })),
    ...OTHER_METHODS.filter((method) => !named.includes(method)).map((method) => ({
      id: `${method} ${path}`,
      gate: GATE_METHODS[method] === path,
    })),
  ];
});

export const METHODS: Dimension = {
  name: 'methods',
  title: 'Methods on every path (§4, §8)',
  points,
  visits: (x) => (x.template && PATHS.includes(x.template) ? [`${x.method} ${x.template}`] : []),
};

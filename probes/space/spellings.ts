/**
 * The spellings of one request (§4, §5): for every query parameter and header the specification names, the
 * ways a client may spell it, each **equivalent** (answered as the plain spelling) or **ambiguous** (any
 * answer, every rule still holding). An exchange visits a point by how it was spelt as sent.
 */
import { CAPTURE, CONFIRM, PAYMENTS } from '../../helpers/catalogue/endpoints.ts';
import type { Exchange } from '../../helpers/http/journal.ts';
import type { Dimension, Point } from '../../helpers/inputs/coverage.ts';
import { ASKED, type Asked, CREDENTIALS } from './methods.ts';

/** The query parameters §4.3 names, in their plain order. */
export const QUERY_PARAMS = ['include', 'page[limit]', 'page[offset]'] as const;
export type QueryParam = (typeof QUERY_PARAMS)[number];

/** The spellings of a query parameter, and whether a server must answer them as the plain one. */
export const QUERY_SPELLINGS = {
  'name percent-encoded': 'equivalent',
  'value percent-encoded': 'equivalent',
  'in another order': 'equivalent',
  'after a parameter §4 does not name': 'ambiguous',
  'repeated with another value': 'ambiguous',
  'a malformed escape (%zz)': 'ambiguous',
  'a lone %': 'ambiguous',
  'a truncated UTF-8 escape': 'ambiguous',
  'a bare key (no =)': 'ambiguous',
} as const;
export type QuerySpelling = keyof typeof QUERY_SPELLINGS;
/** The spellings a server must answer as the plain one. */
export type EquivalentSpelling = {
  [K in QuerySpelling]: (typeof QUERY_SPELLINGS)[K] extends 'equivalent' ? K : never;
}[QuerySpelling];

export const EMPTY_PART = 'query: an empty part (&&)';

/** The names of the `Authorization` header a client may send, and the schemes before its token. */
export const HEADER_NAMES = ['authorization', 'AUTHORIZATION'] as const;
export const SCHEMES = ['bearer', 'BEARER'] as const;

/** The spellings of `Content-Type` on the writes of §4 that carry a JSON body. */
export const CONTENT_TYPES = ['application/json; charset=utf-8', 'Application/JSON'] as const;
export const BODY_WRITES = [PAYMENTS, CAPTURE, CONFIRM] as const;

export const queryPoint = (param: QueryParam, spelling: QuerySpelling) => `${param}: ${spelling}`;
export const namePoint = (name: string, credentials: Asked) =>
  `Authorization: named ${name}, ${CREDENTIALS[credentials]}`;
export const schemePoint = (scheme: string, credentials: 'token' | 'other') =>
  `Authorization: scheme ${scheme}, ${CREDENTIALS[credentials]}`;
export const contentTypePoint = (type: string, write: string) => `Content-Type: ${type} on POST ${write}`;

/** The gate's covering set: each spelling at least once, where the gate sends it. */
const ANY_PARAM: readonly QuerySpelling[] = [
  'name percent-encoded',
  'value percent-encoded',
  'in another order',
  'repeated with another value',
];
const GATE_QUERY: Readonly<Record<QueryParam, readonly QuerySpelling[]>> = {
  include: [...ANY_PARAM, 'after a parameter §4 does not name', 'a truncated UTF-8 escape'],
  'page[limit]': [...ANY_PARAM, 'a malformed escape (%zz)'],
  'page[offset]': [...ANY_PARAM, 'a bare key (no =)', 'a lone %'],
};
const GATE = new Set<string>([
  ...QUERY_PARAMS.flatMap((param) => GATE_QUERY[param].map((spelling) => queryPoint(param, spelling))),
  EMPTY_PART,
  ...HEADER_NAMES.flatMap((name) => [namePoint(name, 'token'), namePoint(name, 'other')]),
  namePoint('authorization', 'none'),
  schemePoint('BEARER', 'token'),
  schemePoint('bearer', 'other'),
  contentTypePoint('application/json; charset=utf-8', CAPTURE),
  contentTypePoint('Application/JSON', CONFIRM),
]);

/** A point of the dimension, in the gate's covering set or not. */
const point = (id: string, kind: Point['kind'] = 'equivalent'): Point => ({ id, kind, gate: GATE.has(id) });

const points: Point[] = [
  ...QUERY_PARAMS.flatMap((param) =>
    (Object.keys(QUERY_SPELLINGS) as QuerySpelling[]).map((s) =>
      point(queryPoint(param, s), QUERY_SPELLINGS[s]),
    ),
  ),
  point(EMPTY_PART),
  ...HEADER_NAMES.flatMap((name) =>
    (['token', 'none', 'other'] as const).map((c) => point(namePoint(name, c))),
  ),
  ...SCHEMES.flatMap((scheme) => [
    point(schemePoint(scheme, 'token'), 'ambiguous'),
    point(schemePoint(scheme, 'other')),
  ]),
  ...CONTENT_TYPES.flatMap((type) => BODY_WRITES.map((write) => point(contentTypePoint(type, write)))),
];

/** One `name=value` part of a query string, as sent and decoded. */
interface Part {
  readonly rawName: string;
  readonly rawValue: string | undefined;
  readonly name: string | undefined;
  readonly value: string | undefined;
}

function decoded(raw: string): string | undefined {
  try {
    return decodeURIComponent(raw.replaceAll('+', ' '));
  } catch {
    return undefined;
  }
}

function partsOf(query: string): Part[] {
  return query
    .split('&')
    .filter((part) => part !== '')
    .map((part) => {
      const at = part.indexOf('=');
      const rawName = at < 0 ? part : part.slice(0, at);
      const rawValue = at < 0 ? undefined : part.slice(at + 1);
      return { rawName, rawValue, name: decoded(rawName), value: rawValue && decoded(rawValue) };
    });
}

const isParam = (name: string | undefined): name is QueryParam => QUERY_PARAMS.includes(name as QueryParam);

/** The malformed escape a raw value holds, if any. */
function malformed(raw: string): QuerySpelling | undefined {
  if (/%(?:[^0-9A-Fa-f]|[0-9A-Fa-f][^0-9A-Fa-f])/.test(raw)) return 'a malformed escape (%zz)';
  if (/%[0-9A-Fa-f]?$/.test(raw)) return 'a lone %';
  return raw.includes('%') && decoded(raw) === undefined ? 'a truncated UTF-8 escape' : undefined;
}

/** The spellings of the query parameters of §4.3 in a query string (without `?`). */
export function querySpellings(query: string): string[] {
  const out = new Set<string>();
  if (query !== '' && query.split('&').includes('')) out.add(EMPTY_PART);
  const parts = partsOf(query);
  parts.forEach((part, i) => {
    const { name, rawName, rawValue } = part;
    if (!isParam(name)) return;
    const rank = QUERY_PARAMS.indexOf(name);
    const add = (spelling: QuerySpelling) => out.add(queryPoint(name, spelling));
    if (rawName !== name) add('name percent-encoded');
    if (rawValue === undefined) add('a bare key (no =)');
    else {
      const bad = malformed(rawValue);
      if (bad) add(bad);
      else if (/%[0-9A-Fa-f]{2}/.test(rawValue)) add('value percent-encoded');
    }
    const before = parts.slice(0, i);
    if (before.some((p) => !isParam(p.name))) add('after a parameter §4 does not name');
    const others = parts.filter((p) => isParam(p.name) && p.name !== name);
    const misplaced = others.some((p) => {
      const otherRank = QUERY_PARAMS.indexOf(p.name as QueryParam);
      return before.includes(p) ? otherRank > rank : otherRank < rank;
    });
    if (misplaced) add('in another order');
    const values = new Set(parts.filter((p) => p.name === name).map((p) => p.value ?? p.rawValue));
    if (values.size > 1) add('repeated with another value');
  });
  return [...out];
}

/** The spellings of the request's headers. */
function headerSpellings(x: Exchange): string[] {
  const out: string[] = [];
  const { auth, headers = {} } = x.options;
  const credentials = ASKED[x.credentials];
  const name = typeof auth === 'object' ? auth.name : undefined;
  if (name && credentials && (HEADER_NAMES as readonly string[]).includes(name))
    out.push(namePoint(name, credentials));
  const scheme = typeof auth === 'object' ? /^(\S+)[ \t]/.exec(auth.authorization)?.[1] : undefined;
  const schemeCredentials =
    x.credentials === 'respelled' ? 'token' : x.credentials === 'other' ? 'other' : undefined;
  if (scheme && schemeCredentials && (SCHEMES as readonly string[]).includes(scheme))
    out.push(schemePoint(scheme, schemeCredentials));
  const type = Object.entries(headers).find(([key]) => key.toLowerCase() === 'content-type')?.[1];
  const write = BODY_WRITES.find((w) => w === x.template);
  if (type && write && x.method === 'POST' && (CONTENT_TYPES as readonly string[]).includes(type))
    out.push(contentTypePoint(type, write));
  return out;
}

const ids = new Set(points.map((p) => p.id));

export const SPELLINGS: Dimension = {
  name: 'spellings',
  title: 'Spellings of the query parameters and headers §4 and §5 name (equivalent or ambiguous)',
  points,
  visits: (x) => {
    if (x.template === '') return [];
    const at = x.target.indexOf('?');
    const query = at < 0 ? [] : querySpellings(x.target.slice(at + 1));
    return [...query, ...headerSpellings(x)].filter((id) => ids.has(id));
  },
};

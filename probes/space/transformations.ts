/**
 * The catalogue of request transformations (issue 34): each entry says where it applies, the relation the
 * transformed answer keeps with the original one, and where that relation comes from. A point of the dimension
 * is a transformation on an endpoint of §4; an exchange visits it by the transformation it was sent with.
 * - **equivalent**: both requests mean the same; applied to the run's own requests as they are sent
 *   (`probes/relations.ts`), so every rule judges the transformed answer as it would the plain one;
 * - **may refuse**: a conformant server may serve it as the same request or refuse it (a 4xx); what it serves
 *   is judged as the plain request;
 * - **must refuse**: credentials missing or wrong, identifiers that name nothing, another kind of record,
 *   another record's child or a deleted record: a 4xx, and a write changes nothing.
 */
import {
  ACTIONS,
  CATEGORY,
  INTEGRATION,
  PRODUCTS,
  SPEC_ENDPOINTS,
} from '../../helpers/catalogue/endpoints.ts';
import type { AuthMode, Exchange, HttpRequest, Method } from '../../helpers/http/journal.ts';
import type { Dimension, Point } from '../../helpers/inputs/coverage.ts';
import { decoded, percentAll } from '../../helpers/listing/page.ts';

export type Relation = 'equivalent' | 'may refuse' | 'must refuse';

export interface Transformation {
  readonly id: string;
  readonly relation: Relation;
  /** Where the relation comes from: the specification, an RFC, or an anchor's catalogue. */
  readonly source: string;
  readonly needs: Needs;
  /** The transformed request; undefined where the run has no id to put in (`TransformContext.id`). */
  readonly apply: (r: HttpRequest, ctx: TransformContext) => HttpRequest | undefined;
}

/** What an entry may take from the run: its token, and ids of its records by what they are to the request. */
export interface TransformContext {
  readonly token: string;
  readonly id?: (what: IdSwap, r: HttpRequest) => string | undefined;
  /** The `Authorization` value `an invalid token` sends (a lookalike of the token); an unrelated one if not given. */
  readonly invalid?: string;
}
export type IdSwap = 'made up' | 'another kind' | 'another parent' | 'deleted';

const split = (path: string) => {
  const at = path.indexOf('?');
  return at < 0 ? { base: path, query: '' } : { base: path.slice(0, at), query: path.slice(at + 1) };
};
const join = (base: string, parts: readonly string[], glue = '&') =>
  parts.length === 0 ? base : `${base}?${parts.join(glue)}`;
const parts = (path: string) => split(path).query.split('&').filter(Boolean);
const withQuery = (r: HttpRequest, query: (parts: string[]) => string[], glue = '&') => ({
  ...r,
  path: join(split(r.path).base, query(parts(r.path)), glue),
});
/** The request with its query's parts mapped (`name`, `value` as sent). */
const eachPart = (r: HttpRequest, edit: (name: string, value: string | undefined) => string) =>
  withQuery(r, (query) =>
    query.map((part) => {
      const at = part.indexOf('=');
      return at < 0 ? edit(part, undefined) : edit(part.slice(0, at), part.slice(at + 1));
    }),
  );
const withOptions = (r: HttpRequest, options: HttpRequest['options']): HttpRequest => ({
  ...r,
  options: { ...r.options, ...options },
});
const withHeaders = (r: HttpRequest, headers: Record<string, string>) =>
  withOptions(r, { headers: { ...r.options.headers, ...headers } });
const withBody = (r: HttpRequest, raw: (json: unknown) => string) =>
  withOptions(r, { json: undefined, raw: raw(r.options.json) });
const withPath = (r: HttpRequest, edit: (base: string) => string): HttpRequest => {
  const { base, query } = split(r.path);
  return { ...r, path: join(edit(base), query ? [query] : []) };
};
/** The request with the path segment at `at` edited (none when `at` is -1). */
const withSegment = (r: HttpRequest, at: number, edit: (segment: string) => string) =>
  withPath(r, (base) =>
    base
      .split('/')
      .map((s, i) => (i === at ? edit(s) : s))
      .join('/'),
  );
/** The last path segment that is an id (a segment of the endpoint's `:param`), or -1. */
const idAt = (path: string) =>
  split(path)
    .base.split('/')
    .findLastIndex((s, i) => i > 2 && /^[0-9a-fA-F-]{8,}$/.test(s));
const withId = (r: HttpRequest, edit: (id: string) => string) => withSegment(r, idAt(r.path), edit);
/** The request with its `Authorization` header edited (value and name as sent; none left as it is). */
const withAuth = (r: HttpRequest, token: string, edit: (header: Header) => Header): HttpRequest => {
  const auth = r.options.auth ?? 'token';
  if (auth === 'none') return r;
  return withCredentials(r, edit(auth === 'token' ? { authorization: `Bearer ${token}` } : auth));
};
type Header = Exclude<AuthMode, string>;
const withCredentials = (r: HttpRequest, auth: AuthMode) => withOptions(r, { auth });
/** The request with the id an action acts on, or the integration's id, replaced (`what` of the run's). */
const swapped =
  (what: IdSwap): Transformation['apply'] =>
  (r, ctx) => {
    const id = ctx.id?.(what, r);
    if (id === undefined) return undefined;
    return withSegment(r, swappedAt(r.path), () => encodeURIComponent(id));
  };
/** The path segment a must-refuse entry swaps: the transaction an action acts on, or the integration. */
export const swappedAt = (path: string) => (path.startsWith('/v2/orders/') ? 5 : 3);
const method = (m: Method) => (r: HttpRequest) => ({ ...withOptions(r, { json: undefined }), method: m });
/** JSON values with each object's members in reverse order. */
const reversed = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(reversed)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.entries(v)
            .reverse()
            .map(([k, x]) => [k, reversed(x)]),
        )
      : v;

/** The entries of one relation: each with its id, its source, what it applies to and how. */
const entryOf =
  (relation: Relation) =>
  (id: string, source: string, needs: Needs, apply: Transformation['apply']): Transformation => ({
    id,
    relation,
    source,
    needs,
    apply,
  });
const equivalent = entryOf('equivalent');
const mayRefuse = entryOf('may refuse');
const mustRefuse = entryOf('must refuse');

const EQUIVALENT: readonly Transformation[] = [
  ...['authorization', 'AUTHORIZATION'].map((name) =>
    equivalent(`Authorization named ${name}`, 'RFC 9110 §5.1', 'any', (r, { token }) =>
      withAuth(r, token, (h) => ({ ...h, name })),
    ),
  ),
  equivalent('Accept: */*', 'RFC 9110 §12.5.1', 'any', (r) => withHeaders(r, { Accept: '*/*' })),
  equivalent('no Accept header', 'RFC 9110 §12.5.1', 'any', (r) => withHeaders(r, { Accept: '' })),
  equivalent('a header the specification does not name', 'RFC 9110 §5.1; CATS ExtraHeaders', 'any', (r) =>
    withHeaders(r, { 'X-Conformance-Trace': 'c0ffee' }),
  ),
  equivalent('Cache-Control: no-cache', 'RFC 9111 §5.2.1.4', 'any', (r) =>
    withHeaders(r, { 'Cache-Control': 'no-cache' }),
  ),
  equivalent('on a new connection (Connection: close)', 'RFC 9112 §9.6', 'any', (r) =>
    withHeaders(r, { Connection: 'close' }),
  ),
  equivalent('query: names percent-encoded', 'RFC 3986 §2.1; WHATWG URL form decoding', 'query', (r) =>
    eachPart(
      r,
      (name, value) => `${percentAll(decodeURIComponent(name))}${value === undefined ? '' : `=${value}`}`,
    ),
  ),
  equivalent(
    'query: as a form encoder writes it ([ ] , encoded)',
    'WHATWG URL application/x-www-form-urlencoded serializer',
    'query',
    (r) =>
      eachPart(r, (name, value) => {
        const plain = (text: string) => encodeURIComponent(decoded(text)).replace(/%20/g, '+');
        return value === undefined ? plain(name) : `${plain(name)}=${plain(value)}`;
      }),
  ),
  equivalent('query: values percent-encoded', 'RFC 3986 §2.3, §6.2.2.2', 'query', (r) =>
    eachPart(r, (name, value) =>
      value === undefined ? name : `${name}=${percentAll(decodeURIComponent(value))}`,
    ),
  ),
  equivalent('query: parameters in another order', 'WHATWG URL form decoding', 'two params', (r) =>
    withQuery(r, (p) => [...p].reverse()),
  ),
  equivalent('query: an empty part (&&)', 'WHATWG URL form decoding', 'query', (r) =>
    withQuery(r, (p) => p, '&&'),
  ),
  equivalent('include: values in another order', '§4.3 include rules 1 and 2', 'include list', (r) =>
    eachPart(r, (name, value) =>
      value !== undefined && decodeURIComponent(name) === 'include'
        ? `${name}=${value.split(/,|%2C/i).reverse().join(',')}`
        : `${name}${value === undefined ? '' : `=${value}`}`,
    ),
  ),
  equivalent('path: an id with a character percent-encoded', 'RFC 3986 §6.2.2.2', 'id', (r) =>
    withId(r, (id) => `${percentAll(id.slice(0, 1))}${id.slice(1)}`),
  ),
  equivalent('Content-Type: application/json; charset=utf-8', 'RFC 8259 §11; RFC 9110 §8.3.1', 'body', (r) =>
    withHeaders(r, { 'Content-Type': 'application/json; charset=utf-8' }),
  ),
  equivalent('Content-Type in another case', 'RFC 9110 §8.3.1', 'body', (r) =>
    withHeaders(r, { 'Content-Type': 'Application/JSON' }),
  ),
  equivalent('JSON: members in another order', 'RFC 8259 §4', 'body', (r) =>
    withBody(r, (json) => JSON.stringify(reversed(json))),
  ),
  equivalent('JSON: insignificant whitespace', 'RFC 8259 §2', 'body', (r) =>
    withBody(r, (json) => JSON.stringify(json, null, '\t')),
  ),
  equivalent('JSON: characters as \\u escapes', 'RFC 8259 §7', 'body', (r) =>
    withBody(r, (json) =>
      JSON.stringify(json).replace(/[a-z]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
    ),
  ),
];

const MAY_REFUSE: readonly Transformation[] = [
  mayRefuse('path: a trailing slash', 'RFC 3986 §6.2.3; RESTler', 'any', (r) => withPath(r, (b) => `${b}/`)),
  mayRefuse('path: an empty segment (//)', 'RFC 3986 §3.3', 'any', (r) =>
    withPath(r, (b) => b.replace('/v2/', '/v2//')),
  ),
  mayRefuse('path: a dot segment (/./)', 'RFC 3986 §5.2.4', 'any', (r) =>
    withPath(r, (b) => b.replace('/v2/', '/v2/./')),
  ),
  mayRefuse('path: an id in upper case', 'RFC 9562 §4', 'id', (r) => withId(r, (id) => id.toUpperCase())),
  mayRefuse('query: a parameter §4 does not name', 'CATS ExtraQueryParams', 'any', (r) =>
    withQuery(r, (p) => ['conformance_x=1', ...p]),
  ),
  // A server may read these parts as it likes: they are written so that every reading means the plain request.
  mayRefuse('query: a parameter repeated with the same value', 'RFC 3986 §3.4', 'query', (r) =>
    withQuery(r, (p) => [...p, p[0] as string]),
  ),
  mayRefuse('query: a malformed escape (%zz) in a parameter §4 does not name', 'RFC 3986 §2.1', 'read', (r) =>
    withQuery(r, (p) => [...p, 'conformance_x=1%zz']),
  ),
  mayRefuse('query: a bare key (no =) §4 does not name', 'WHATWG URL form decoding', 'read', (r) =>
    withQuery(r, (p) => [...p, 'conformance_x']),
  ),
  mayRefuse('the scheme in lower case (bearer)', 'RFC 9110 §11.1; RFC 6750 §2.1', 'any', (r, { token }) =>
    withAuth(r, token, (h) => ({
      ...h,
      authorization: h.authorization.replace(/^Bearer\b/, 'bearer'),
    })),
  ),
  mayRefuse('Accept: text/html', 'RFC 9110 §12.5.1; CATS UnsupportedAcceptHeaders', 'any', (r) =>
    withHeaders(r, { Accept: 'text/html' }),
  ),
  mayRefuse('HEAD instead of GET', 'RFC 9110 §9.3.2', 'read', method('HEAD')),
  ...(['OPTIONS', 'PUT', 'PATCH', 'DELETE', 'PROPFIND'] as const).map((m) =>
    mayRefuse(`method ${m}`, 'RFC 9110 §9, §15.5.6', 'any', method(m)),
  ),
];

const MUST_REFUSE: readonly Transformation[] = [
  mustRefuse('without Authorization', '§5', 'any', (r) => withCredentials(r, 'none')),
  mustRefuse('an empty Authorization', '§5', 'any', (r) => withCredentials(r, { authorization: '' })),
  mustRefuse('an invalid token', '§5; CATS (authentication fuzzers)', 'any', (r, ctx) =>
    withCredentials(r, { authorization: ctx.invalid ?? `Bearer conformance-invalid-${crypto.randomUUID()}` }),
  ),
  mustRefuse(
    'an id that names nothing',
    '§4.1, §4.2; RESTler invalid dynamic object',
    'judged id',
    swapped('made up'),
  ),
  mustRefuse(
    'an id of another kind of record',
    '§4.1, §4.2; RESTler namespace checker',
    'judged id',
    swapped('another kind'),
  ),
  mustRefuse(
    "another order's transaction",
    '§4.1; RESTler resource hierarchy checker',
    'action',
    swapped('another parent'),
  ),
  mustRefuse(
    'a deleted integration',
    '§4.2; RESTler use-after-free checker',
    'integration',
    swapped('deleted'),
  ),
];

export const TRANSFORMATIONS: readonly Transformation[] = [...EQUIVALENT, ...MAY_REFUSE, ...MUST_REFUSE];

export const transformation = (id: string) => TRANSFORMATIONS.find((t) => t.id === id);

/** Where an entry applies: on endpoints of §4, by method and template (`to`); on their requests as they are (`now`). */
interface Applies {
  readonly to: (method: string, template: string) => boolean;
  readonly now?: (r: HttpRequest) => boolean;
}
const isAction = (method: string, template: string) =>
  method === 'POST' && (ACTIONS as readonly string[]).includes(template);

/** What an entry applies to: any request of §4, one with a query, a JSON body, an id in its path, a read… */
const NEEDS = {
  any: { to: () => true },
  query: {
    to: (m, t) => (m === 'GET' && !t.includes(':')) || t === CATEGORY,
    now: (r) => parts(r.path).length > 0,
  },
  'two params': {
    to: (m, t) => m === 'GET' && !t.includes(':'),
    now: (r) => new Set(parts(r.path).map((p) => decoded(p.split('=')[0] as string))).size > 1,
  },
  'include list': {
    to: (m, t) => m === 'GET' && (t === PRODUCTS || t === CATEGORY),
    now: (r) => parts(r.path).some((p) => /^include=[^&]*(,|%2C)/i.test(decoded(p))),
  },
  body: {
    to: (m, t) => m === 'POST' && !t.endsWith('/refund'),
    now: (r) => typeof r.options.json === 'object' && r.options.json !== null && r.options.raw === undefined,
  },
  id: { to: (_m, t) => t.includes(':'), now: (r) => idAt(r.path) >= 0 },
  read: { to: (m) => m === 'GET' },
  'judged id': { to: (m, t) => t === INTEGRATION || isAction(m, t) },
  action: { to: isAction },
  integration: { to: (_m, t) => t === INTEGRATION },
} satisfies Record<string, Applies>;
type Needs = keyof typeof NEEDS;

/** Whether an entry applies to an endpoint of §4 (method and path template). */
export const appliesTo = (t: Transformation, method: string, template: string): boolean =>
  NEEDS[t.needs].to(method, template);

/** Whether an entry that applies to the request's endpoint applies to it as it is (its query, body, ids). */
export const appliesNow = (t: Transformation, r: HttpRequest): boolean =>
  (NEEDS[t.needs] as Applies).now?.(r) ?? true;

export const pointOf = (t: Pick<Transformation, 'id'>, method: string, template: string) =>
  `${t.id} on ${method} ${template}`;

/** The credentials entries: sent again on the run's reads (`relations.ts`) and writes (`authentication.ts`). */
export const isCredentials = (t: Transformation) => t.relation === 'must refuse' && t.needs === 'any';

/** The endpoints on which the gate sends every equivalent entry that fits (in flight): one of each kind. */
const GATE_ENDPOINTS = [
  'GET /v2/products',
  'GET /v2/categories',
  'GET /v2/integrations/:id',
  'POST /v2/orders/:orderId/payments',
  'DELETE /v2/integrations/:id',
];

/**
 * The gate's entries that a server may or must refuse (credentials aside): each once, endpoints in turn; an id
 * that names nothing once on each kind of record a request judges (an integration, a transaction), the other
 * id entries where the run has their ids.
 */
export const GATE_DERIVED = TRANSFORMATIONS.filter(
  (t) => t.relation !== 'equivalent' && !isCredentials(t),
).flatMap((entry, i) => {
  const on = SPEC_ENDPOINTS.filter((e) => appliesTo(entry, e.method, e.path));
  const kinds =
    entry.id === 'an id that names nothing'
      ? [on.filter((e) => e.path === INTEGRATION), on.filter((e) => e.path !== INTEGRATION)]
      : [on];
  return kinds.map((of) => {
    const e = of[i % of.length] as (typeof on)[number];
    return { entry, endpoint: `${e.method} ${e.path}` };
  });
});

const gate = (t: Transformation, endpoint: string) =>
  // An entry of any request, on the reads: a worker thread of the gate may send a write of one kind only a few times.
  (t.relation === 'equivalent' &&
    GATE_ENDPOINTS.includes(endpoint) &&
    (t.needs !== 'any' || endpoint.startsWith('GET '))) ||
  (isCredentials(t) && t.id !== 'an empty Authorization' && endpoint.startsWith('GET ')) ||
  GATE_DERIVED.some((g) => g.entry === t && g.endpoint === endpoint);

const points: Point[] = TRANSFORMATIONS.flatMap((t) =>
  SPEC_ENDPOINTS.filter((e) => appliesTo(t, e.method, e.path)).map((e) => ({
    id: pointOf(t, e.method, e.path),
    gate: gate(t, `${e.method} ${e.path}`),
    kind: t.relation === 'equivalent' ? ('equivalent' as const) : ('ambiguous' as const),
  })),
);
const ids = new Set(points.map((p) => p.id));

/** The entry of the credentials a request carried, when they were not valid. */
function credentialsEntry(x: Exchange): string | undefined {
  if (x.credentials === 'other') return 'an invalid token';
  if (x.credentials !== 'none') return undefined;
  return typeof x.options.auth === 'object' ? 'an empty Authorization' : 'without Authorization';
}

export const TRANSFORMATION_DIMENSION: Dimension = {
  name: 'transformations',
  title: 'Transformations of every request (equivalent, may refuse, must refuse) on every endpoint of §4',
  points,
  visits: (x: Exchange) => {
    const as = x.transformed;
    const named = SPEC_ENDPOINTS.find((e) => e.path === x.template);
    const method = as?.method ?? (named && (named.method === x.method ? x.method : named.method));
    const template = as?.template ?? x.template;
    if (!method) return [];
    const entries = [
      as?.id,
      as?.also,
      credentialsEntry(x),
      method !== x.method ? `method ${x.method}` : undefined,
    ];
    return [...new Set(entries)].flatMap((id) => {
      const point = id === undefined ? '' : pointOf({ id }, method, template);
      return ids.has(point) ? [point] : [];
    });
  },
};

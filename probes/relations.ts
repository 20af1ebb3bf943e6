/**
 * The relations of the catalogue (`space/transformations.ts`) applied to every request of the run. Its
 * equivalent transformations change the run's own requests on their way (`inFlight`), so every rule judges
 * them as the plain ones. What a suite file sent with the token to an endpoint of §4 and was answered 2xx is
 * sent again transformed by the entries a server may or must refuse: the credentials (without, empty, an
 * invalid token, each with a spelling of the request), the spellings a server may refuse, the methods, and
 * ids that name nothing, another kind of record, another order's transaction or a deleted integration. Gate:
 * each read kind without credentials and with an invalid token, and each entry once on one endpoint
 * (`GATE_DERIVED`); deep, every point of the file's endpoints not visited yet, then drawn compositions. The
 * writes without valid credentials, each on a record of its own for the flows of the authentication rules
 * (`refusedWrite`), are `authentication.ts`'s and the order sequences'.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe } from 'vitest';
import { type Credential, lookalikeCredentials, unauthenticated } from '../helpers/auth/lookalikes.ts';
import { INTEGRATION, SPEC_ENDPOINTS, TEMPLATES } from '../helpers/catalogue/endpoints.ts';
import { type InputsOf, probe, sendEarly, takeSent } from '../helpers/check/check.ts';
import { skip } from '../helpers/check/failure.ts';
import {
  type Exchange,
  type HttpRequest,
  type Method,
  matchPath,
  type Source,
} from '../helpers/http/journal.ts';
import type { ApiResponse } from '../helpers/http/response.ts';
import type { Knowledge } from '../helpers/judge/knowledge.ts';
import { once } from '../helpers/provisioning/once.ts';
import {
  listedTransactions,
  transactionState,
  transactionsPath,
} from '../helpers/provisioning/transactions.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import {
  appliesNow,
  appliesTo,
  GATE_DERIVED,
  type IdSwap,
  isCredentials,
  pointOf,
  swappedAt,
  TRANSFORMATION_DIMENSION,
  TRANSFORMATIONS,
  type Transformation,
  type TransformContext,
} from './space/transformations.ts';

/** Credentials that are not valid: none (no or an empty `Authorization`), or other than the run's token. */
export type Unauthenticated = 'none' | 'other';

/** A write of §4 sent without valid credentials, and the record it acts on, read before and after. */
export interface RefusedWrite {
  readonly before: readonly string[];
  readonly answer: ApiResponse;
  readonly after: readonly string[];
  readonly record: string;
  readonly when: string;
}

/** One input of the flow: a write, its credentials (as shown), and how to send it. */
export interface WriteInput {
  readonly shown: string;
  send(): Promise<RefusedWrite>;
}

/** What the flows of the authentication rules are given: the writes to send without valid credentials. */
export interface RefusedWrites {
  writes(credentials: Unauthenticated): InputsOf<WriteInput>;
  /** The writes of another suite file, sent again at its end: only the flows about refused writes take them. */
  readonly replayed: boolean;
}

/** The files whose requests are sent again. */
type File = 'pagination' | 'includes' | 'transactions' | 'integrations' | 'http';

/** The file that sends the gate's transformations of each endpoint (`GATE_DERIVED`). */
const OWNER: Readonly<Record<string, File>> = {
  'GET /v2/categories': 'pagination',
  'GET /v2/products': 'pagination',
  'GET /v2/categories/:id': 'includes',
  'GET /v2/integrations/:id': 'integrations',
  'DELETE /v2/integrations/:id': 'integrations',
};
const ownerOf = (endpoint: string): File => OWNER[endpoint] ?? 'transactions';

/** A request to send again, as it was sent. */
export interface Replayable extends HttpRequest {
  /** Its kind: method, template and query parameter names, `GET /v2/products?include&page[…]`. */
  readonly kind: string;
  /** Its endpoint: method and template. */
  readonly endpoint: string;
}

/** The decoded query parameter names of a path as a kind sees them (`include`, `page[…]`, `…`), sorted. */
export function parameterNames(path: string): string[] {
  const names = [...new URLSearchParams(path.split('?')[1]).keys()].map((name) =>
    name.startsWith('page[') ? 'page[…]' : name === 'include' ? name : '…',
  );
  return [...new Set(names)].sort();
}

/** The endpoint of §4 a request goes to, as `METHOD template`; undefined for any other. */
export function endpointOf(method: string, path: string): string | undefined {
  const at = path.split('?')[0] as string;
  const template = TEMPLATES.find((t) => matchPath(t, at));
  return SPEC_ENDPOINTS.some((e) => e.method === method && e.path === template)
    ? `${method} ${template}`
    : undefined;
}

/** An exchange of the journal as a request to send again: sent with the run's token to an endpoint of §4, answered 2xx. */
export function replayableOf(x: Exchange): Replayable | undefined {
  if (x.credentials !== 'token' || !x.response?.ok) return undefined;
  if (x.transformed && x.transformed.relation !== 'equivalent') return undefined;
  const endpoint = endpointOf(x.method, x.target);
  if (!endpoint) return undefined;
  const { auth: _auth, transformed: _transformed, ...options } = x.options;
  const names = parameterNames(x.target);
  return {
    method: x.method,
    path: x.target,
    options,
    endpoint,
    kind: `${endpoint}${names.length === 0 ? '' : `?${names.join('&')}`}`,
  };
}

/** The requests of the journal to send again, each distinct one once, sorted. */
export function replayable(exchanges: readonly Exchange[]): Replayable[] {
  const requests = exchanges.flatMap((x) => replayableOf(x) ?? []);
  const distinct = new Map(requests.map((r) => [`${r.method} ${r.path} ${JSON.stringify(r.options)}`, r]));
  return [...distinct]
    .sort(([a, x], [b, y]) => compare(x.kind, y.kind) || compare(x.path, y.path) || compare(a, b))
    .map(([, request]) => request);
}

const EQUIVALENT = TRANSFORMATIONS.filter((t) => t.relation === 'equivalent');
const CREDENTIALS = TRANSFORMATIONS.filter(isCredentials);
/** What is sent again transformed: may-refuse entries and ids that must be refused. */
const DERIVED = TRANSFORMATIONS.filter((t) => t.relation !== 'equivalent' && !CREDENTIALS.includes(t));
/** What credentials are composed with: how the request is spelt, and its method. */
const SPELLINGS = TRANSFORMATIONS.filter((t) => t.relation !== 'must refuse');
/** The gate composes the credentials with each entry that changes how a request is routed (or cached) or authenticated. */
const ROUTED = SPELLINGS.filter((t) =>
  /^(method |HEAD |path: |Authorization named |the scheme |query: a parameter §4 does not name$)/.test(t.id),
);
/** The read endpoints of §4: the gate's compositions are shared out between them. */
const READS = SPEC_ENDPOINTS.filter((e) => e.method === 'GET').map((e) => `${e.method} ${e.path}`);
/** The reads of §4 that take no query parameter. */
const PLAIN_READS = READS.filter((e) => e.endsWith('/transactions') || e.endsWith(INTEGRATION));
/**
 * Another method, or credentials alone, go on a read of records no check deletes as it goes (a listing, an
 * order's transactions): a record deleted meanwhile would answer 404 whatever the credentials.
 */
const lasting = (also: Transformation | undefined, endpoint: string) =>
  (also !== undefined && !/^(method|HEAD) /.test(also.id)) || !endpoint.endsWith('/:id');

/** One gate composition: credentials (an invalid token: the lookalike at `lookalike`), a spelling, a read. */
interface Composition {
  readonly endpoint: string;
  readonly entry: Transformation;
  readonly also?: Transformation;
  readonly lookalike?: number;
}

/**
 * The gate's compositions: without `Authorization`, composed once with each entry of {@link ROUTED} but the
 * header spellings; with a well-formed invalid token (`Bearer` and the first lookalike of the token), once with
 * each method and the scheme; every other lookalike on a request otherwise served (with the header's name in
 * another case while there is one, else alone). Shared out between the read endpoints the spelling fits.
 */
export function gateCompositions(lookalikes: readonly Credential[]): Composition[] {
  const [missing, , invalid] = CREDENTIALS as [Transformation, Transformation, Transformation];
  const form = (c: Credential) => typeof c.auth === 'object' && /^Bearer \S+$/.test(c.auth.authorization);
  const bearer = lookalikes.flatMap((c, k) => (form(c) ? [k] : []));
  const pairs: { entry: Transformation; also?: Transformation; lookalike?: number; endpoint?: string }[] = [
    ...ROUTED.filter((t) => !/^(Authorization|the scheme)/.test(t.id)).flatMap((also) =>
      // A query where §4 names none: on each read whose requests carry none (a cache keyed by the URL).
      also.id.startsWith('query:')
        ? PLAIN_READS.map((endpoint) => ({ entry: missing, also, endpoint }))
        : [{ entry: missing, also }],
    ),
    // A path or query that skips authentication skips it whatever the credentials: the missing ones show it.
    // A spelling a server may refuse whatever the credentials (a method, the scheme) shows no lookalike it
    // takes: it is sent with the first; each other lookalike goes on a request otherwise served, with a
    // header name in another case (equivalent) while there is one, else alone.
    ...ROUTED.filter((t) => !/^(path|query):/.test(t.id)).flatMap((also) =>
      also.relation === 'equivalent' ? [] : [{ entry: invalid, also, lookalike: bearer[0] }],
    ),
    ...bearer.slice(1).map((lookalike, k) => {
      const also = ROUTED.filter((t) => t.relation === 'equivalent')[k];
      return { entry: invalid, ...(also ? { also } : {}), lookalike };
    }),
    ...lookalikes.flatMap((c, lookalike) => (form(c) ? [] : [{ entry: invalid, lookalike }])),
  ];
  // The most constrained first, each on the endpoint its credentials visited least: every read takes each.
  const placed = pairs.map((pair) => ({
    pair,
    fits: READS.filter(
      (e) =>
        (pair.endpoint ?? e) === e &&
        lasting(pair.also, e) &&
        (!pair.also || appliesTo(pair.also, 'GET', e.slice('GET '.length))),
    ),
  }));
  const load = new Map<string, number>();
  for (const { pair, fits } of placed.sort((a, b) => a.fits.length - b.fits.length)) {
    const at = (e: string) => load.get(`${pair.entry.id} ${e}`) ?? 0;
    pair.endpoint = fits.reduce((best, e) => (at(e) < at(best) ? e : best));
    load.set(`${pair.entry.id} ${pair.endpoint}`, at(pair.endpoint) + 1);
  }
  return pairs as Composition[];
}
/** The sources whose requests take the equivalent transformations on their way. */
const IN_FLIGHT: readonly Source['kind'][] = ['check', 'boundary', 'generated', 'provisioning'];

/** A small stable hash of a text. */
const hash = (text: string) => [...text].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) | 0, 7) >>> 0;

/** The request transformed by an entry, carrying what it was made from; undefined where it cannot be. */
export function transformed(
  t: Transformation,
  r: HttpRequest,
  ctx: TransformContext,
  also?: Transformation,
): HttpRequest | undefined {
  const endpoint = endpointOf(r.method, r.path);
  // The spelling after the entry: a header spelling edits the header the credentials put there.
  const entered = t.apply(r, ctx);
  const out = also && entered ? also.apply(entered, ctx) : entered;
  if (!endpoint || !out) return undefined;
  const [method, template] = endpoint.split(' ') as [Method, string];
  const [means, at] = [r.path.split('?')[0] as string, out.path.split('?')[0] as string];
  return {
    ...out,
    options: {
      ...out.options,
      transformed: {
        id: t.id,
        relation: t.relation,
        method,
        template,
        ...(also ? { also: also.id } : {}),
        ...(means !== at && !TEMPLATES.some((tt) => matchPath(tt, at)) ? { means } : {}),
      },
    },
  };
}

/**
 * The equivalent transformations applied to the run's own requests with the token on their way: on each
 * endpoint, each entry that fits once first, then every other request plain; a generated input's requests
 * take the entry their input draws, so that replaying the input sends them alike.
 */
export function inFlight(token: string) {
  const used = new Map<string, Map<string, number>>();
  const turns = new Map<string, number>();
  return (r: HttpRequest, source: Source): HttpRequest | undefined => {
    if (!IN_FLIGHT.includes(source.kind) || r.options.transformed || (r.options.auth ?? 'token') !== 'token')
      return undefined;
    const endpoint = endpointOf(r.method, r.path);
    if (!endpoint) return undefined;
    const [method, template] = endpoint.split(' ') as [string, string];
    // The entries of a query, a body or an id first: fewer of the requests take them than any entry.
    const fit = EQUIVALENT.filter((t) => appliesTo(t, method, template) && appliesNow(t, r)).sort(
      (a, b) => Number(a.needs === 'any') - Number(b.needs === 'any'),
    );
    if (fit.length === 0) return undefined;
    const counts = used.get(endpoint) ?? new Map<string, number>();
    used.set(endpoint, counts);
    const turn = turns.get(endpoint) ?? 0;
    turns.set(endpoint, turn + 1);
    let chosen = fit.find((t) => !counts.has(t.id));
    if (source.kind === 'generated') {
      const drawn = hash(`${source.name}\n${source.input}\n${endpoint}`) % (fit.length + 1);
      chosen = chosen ?? fit[drawn];
    } else if (!chosen && turn % 2 === 1) {
      chosen = [...fit].sort((a, b) => (counts.get(a.id) ?? 0) - (counts.get(b.id) ?? 0))[0];
    }
    if (!chosen) return undefined;
    counts.set(chosen.id, (counts.get(chosen.id) ?? 0) + 1);
    return transformed(chosen, r, { token });
  };
}

/** The id a must-refuse entry puts in the place of the request's own, from what the run knows. */
function swapId(known: Knowledge, at: () => number) {
  return (what: IdSwap, r: HttpRequest): string | undefined => {
    const order = /^\/v2\/orders\/([^/?]+)\//.exec(r.path)?.[1];
    if (what === 'made up') {
      const own = decodeURIComponent(r.path.split(/[/?]/)[swappedAt(r.path)] ?? '');
      return known.madeUpId(own, endpointOf(r.method, r.path) ?? r.path);
    }
    if (what === 'another kind')
      return order === undefined
        ? (known.recordsOf('category')[0] ?? known.recordsOf('product')[0])
        : decodeURIComponent(order);
    // The last one deleted: deep, one a generated input read before its delete (a read kept past it shows).
    if (what === 'deleted') return known.recordsOf('integration', true).at(-1);
    return order === undefined ? undefined : known.otherTransaction(decodeURIComponent(order), at());
  };
}

/** One request sent again: the request as sent, an entry, and credentials composed with a spelling. */
interface Derived {
  readonly request: Replayable;
  readonly entry: Transformation;
  /** A spelling the entry is composed with (credentials only). */
  readonly also?: Transformation;
  /** For `an invalid token`: the lookalike it sends. */
  readonly credential?: Credential;
}
const show = ({ request, entry, also, credential }: Derived) =>
  `${request.method} ${request.path} ${credential?.kind ?? entry.id}${also ? `, ${also.id}` : ''}`;

/** Registers the relations at the end of a suite file: call it after its other checks, before `finish()`. */
export function relations(run: SuiteRun, file: File): void {
  const { settings, journal, known, api } = run;
  // HTTP trims a field's value (RFC 9110 §5.5): lookalikes alike once trimmed are one.
  const lookalikes = [
    ...new Map(
      lookalikeCredentials(settings.token).map((c) => [
        typeof c.auth === 'object' ? c.auth.authorization.trim() : c.kind,
        c,
      ]),
    ).values(),
  ];
  // The gate's compositions on the reads this file owns.
  const pending = new Map<string, Composition[]>();
  for (const c of gateCompositions(lookalikes).filter((c) => ownerOf(c.endpoint) === file))
    pending.set(c.endpoint, [...(pending.get(c.endpoint) ?? []), c]);
  const requests = once(async () => replayable(journal.exchanges()));
  const ctx = { token: settings.token, id: swapId(known, () => journal.now()) };

  /** Sends a derived request; undefined where the entry cannot be applied (no id of that kind known). */
  const send = async (d: Derived) => {
    const invalid = typeof d.credential?.auth === 'object' ? d.credential.auth.authorization : undefined;
    const r = transformed(
      d.entry,
      d.request,
      { ...ctx, ...(invalid === undefined ? {} : { invalid }) },
      d.also,
    );
    if (!r) skip(`the run knows no id for "${d.entry.id}" on ${d.request.endpoint}`);
    if (settings.readOnly && !['GET', 'HEAD', 'OPTIONS'].includes(r.method))
      skip(`read-only mode: ${r.method} is not sent`);
    // A write of §4 a server may serve, or a read sent as one, acts on made-up records only.
    const write = ['POST', 'DELETE'].includes(r.method);
    const safe = write && (d.entry.relation === 'may refuse' || r.method !== d.request.method);
    return api.send(r.method, safe ? madeUpIds(r.path, known) : r.path, r.options);
  };

  // The first read of each kind is sent again as soon as it is journaled; the probe takes these answers later.
  const PROBE =
    'the requests of this file again, transformed by the catalogue (credentials, spellings, methods, ids)';
  const early = new Map<string, { readonly derived: Derived; readonly exchanges: Promise<Exchange[]> }>();
  // Another order's transaction is sent once the file's checks are done: a server that acts on it must not
  // change a transaction a check is still working on.
  const late: Derived[] = [];
  const endpoints = new Set<string>();
  const sendAgain = (derived: Derived) => {
    const source = { kind: 'replay', name: `probe: ${PROBE}`, input: show(derived) } as const;
    early.set(show(derived), { derived, exchanges: sendEarly(source, () => send(derived)) });
  };
  const replayEarly = (x: Exchange) => {
    const request = replayableOf(x);
    if (!request) return;
    if (!endpoints.has(request.endpoint)) {
      endpoints.add(request.endpoint);
      if (ownerOf(request.endpoint) === file)
        for (const { entry } of GATE_DERIVED.filter((gate) => gate.endpoint === request.endpoint))
          if (entry.id === "another order's transaction") late.push({ request, entry });
          else sendAgain({ request, entry });
    }
    // All at once, on the first read of the endpoint, while its record exists (a later one may be deleted).
    if (request.method !== 'GET') return;
    for (const { entry, also, lookalike } of pending.get(request.endpoint) ?? [])
      sendAgain({
        request,
        entry,
        also,
        credential: lookalike === undefined ? undefined : lookalikes[lookalike],
      });
    pending.delete(request.endpoint);
  };
  let stopListening = () => {};
  beforeAll(() => {
    stopListening = journal.listen(replayEarly);
  });
  afterAll(() => stopListening());

  /** Deep: every point of this file's endpoints not visited yet, then entries drawn with credentials. */
  const deepInputs = async () => {
    const fits = (t: Transformation, r: Replayable) =>
      appliesTo(t, r.method, r.endpoint.split(' ')[1] as string) && appliesNow(t, r);
    // Writes without valid credentials are the flows' (`refusedWrite`): each on a record of its own.
    const entriesOf = (r: Replayable) =>
      [...DERIVED, ...(r.method === 'GET' ? CREDENTIALS : [])].filter((t) => fits(t, r));
    const sent = (await requests()).filter((r) => entriesOf(r).length > 0);
    if (sent.length === 0) return undefined;
    const visited = new Set(run.coverage.visits()[TRANSFORMATION_DIMENSION.name] ?? []);
    const first = new Map(sent.map((r) => [r.endpoint, r]));
    const classes = [...first.values()].flatMap((request) =>
      entriesOf(request)
        .filter(
          (entry) => !visited.has(pointOf(entry, request.method, request.endpoint.split(' ')[1] as string)),
        )
        .map((entry) => fc.constant<Derived>({ request, entry })),
    );
    const arbitrary = fc.constantFrom(...sent).chain((request) => {
      const entries = entriesOf(request);
      const spellings = SPELLINGS.filter((t) => fits(t, request));
      return fc
        .record({
          request: fc.constant(request),
          entry: fc.constantFrom(...entries),
          also: fc.option(fc.constantFrom(...spellings), { nil: undefined }),
          credential: fc.option(unauthenticated(settings.token, 'other'), { nil: undefined }),
        })
        .map(
          ({ request, entry, also, credential }): Derived => ({
            request,
            entry,
            also: CREDENTIALS.includes(entry) ? also : undefined,
            credential: entry === CREDENTIALS[2] ? credential : undefined,
          }),
        );
    });
    return { row: `relations/${file}` as const, arbitrary, classes };
  };

  // Not concurrent: it runs after the file's concurrent checks, when their requests are all sent.
  describe(`${file}: its requests again, transformed`, () => {
    probe(
      PROBE,
      async () => {
        stopListening();
        const deep = settings.depth === 'deep' ? await deepInputs() : undefined;
        return { show, gate: [...[...early.values()].map(({ derived }) => derived), ...late], deep };
      },
      async (derived) => {
        const sent = early.get(show(derived));
        return sent ? takeSent(sent.exchanges) : send(derived);
      },
      { source: 'replay' },
    );
  });
}

/** An id in a path, its slash before it. */
const RECORD_ID = /\/[0-9a-f]{8}-[0-9a-f-]{27}(?=\/|$|\?)/gi;

/** The path with every id made up (a write with the token a server may serve must not touch the run's records). */
function madeUpIds(path: string, known: Knowledge): string {
  return path.replace(RECORD_ID, () => {
    const id = crypto.randomUUID();
    known.madeUp(id);
    return `/${id}`;
  });
}

/** What is sent without valid credentials: a request and its `Authorization` header. */
interface Replay {
  readonly request: HttpRequest;
  readonly credential: Credential;
}

/** How long after a refused write its record is read again (deep): a target may carry a write out late. */
export const LATE_READ_MS = 500;

/** A write without valid credentials as a flow's input: its record read, the write sent, the record read again. */
export function refusedWrite(run: SuiteRun, { request, credential }: Replay): WriteInput {
  return {
    shown: `${request.method} ${request.path} ${credential.kind}`,
    send: async (): Promise<RefusedWrite> => {
      const record = recordOf(run, request);
      const before = await record.state();
      const answer = await run.api.send(request.method, request.path, {
        ...request.options,
        auth: credential.auth,
      });
      const late = run.settings.depth === 'deep';
      if (late) await new Promise((resolve) => setTimeout(resolve, LATE_READ_MS));
      const when = late ? `read again ${LATE_READ_MS} ms after the answer` : 'read again at once';
      return { before, answer, after: await record.state(), record: record.what, when };
    },
  };
}

/** What a refused write on an order must leave as it was. */
export const ORDER_RECORD = "the order's transactions (id, transaction_type, status)";
export const orderState = (listed: ApiResponse, order: string) => [
  `GET transactions: ${listed.statusClass}`,
  ...transactionState(listedTransactions(listed) ?? [], order),
];

/** The record a write of §4 acts on, and its state: its order's transactions, or the integration's read. */
function recordOf({ api }: SuiteRun, request: HttpRequest) {
  const order = /^\/v2\/orders\/([^/?#]+)\//.exec(request.path)?.[1];
  if (order !== undefined)
    return {
      what: ORDER_RECORD,
      state: async () => orderState(await api.get(transactionsPath(order)), order),
    };
  const path = request.path.split('?')[0] ?? request.path;
  return {
    what: 'whether the integration can be read',
    state: async () => [`GET the integration: ${(await api.get(path)).statusClass}`],
  };
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

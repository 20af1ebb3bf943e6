/**
 * Malformed requests (§1, §4, §7): path parameters, query parameters and body fields in malformed spellings,
 * lengths and types, and routes that do not exist. No status code is shown for any: only the rules of every
 * answer judge them.
 */
import fc from 'fast-check';
import type { Method, RequestOptions } from '../helpers/http/client.ts';

/** One request as sent. */
export interface Sent {
  readonly method: Method;
  readonly path: string;
  readonly options?: RequestOptions;
  /** The ids in its path that the run made up (decoded): only the rules of unknown ids judge them. */
  readonly madeUp?: readonly string[];
}

/** The ids the requests need: an order the run made; an id that exists nowhere. */
export interface Ids {
  readonly order: string;
  readonly unknown: string;
}

/** The request as a report shows it. */
export function showSent(sent: Sent): string {
  const body = sent.options?.json !== undefined ? JSON.stringify(sent.options.json) : sent.options?.raw;
  return `${sent.method} ${sent.path}${body === undefined ? '' : ` ${body.slice(0, 120)}`}`;
}

/** The routes with path parameters (§4.1, §4.2), the order and transaction ids as holes. */
interface Route {
  readonly method: Method;
  readonly path: (ids: { order: string; txn: string; other: string }) => string;
}
const ORDER_ROUTES: readonly Route[] = [
  { method: 'GET', path: ({ order }) => `/v2/orders/${order}` },
  { method: 'GET', path: ({ order }) => `/v2/orders/${order}/transactions` },
  { method: 'POST', path: ({ order }) => `/v2/orders/${order}/payments` },
  { method: 'POST', path: ({ order, txn }) => `/v2/orders/${order}/transactions/${txn}/capture` },
  { method: 'POST', path: ({ order, txn }) => `/v2/orders/${order}/transactions/${txn}/refund` },
  { method: 'POST', path: ({ order, txn }) => `/v2/orders/${order}/transactions/${txn}/confirm` },
];
const OTHER_ID_ROUTES: readonly Route[] = [
  { method: 'GET', path: ({ other }) => `/v2/categories/${other}` },
  { method: 'GET', path: ({ other }) => `/v2/integrations/${other}` },
  { method: 'DELETE', path: ({ other }) => `/v2/integrations/${other}` },
];

/** Reads and listings, with the query parameters of §4.3 and others. */
const READS = (ids: Ids): string[] => [
  '/v2/categories',
  '/v2/products',
  `/v2/categories/${ids.unknown}`,
  `/v2/integrations/${ids.unknown}`,
  `/v2/orders/${ids.order}/transactions`,
];

/** The writes of §4.1 with their valid bodies: one field at a time is replaced by a malformed value. */
const WRITES = (ids: Ids): { path: string; body: Record<string, unknown> }[] => [
  { path: `/v2/orders/${ids.order}/payments`, body: { gateway: 'manual', method: 'authorize' } },
  {
    path: `/v2/orders/${ids.order}/transactions/${ids.unknown}/capture`,
    body: { custom_reference: 'conformance' },
  },
  {
    path: `/v2/orders/${ids.order}/transactions/${ids.unknown}/confirm`,
    body: { gateway: 'card_payment_intents', method: 'purchase', payment: 'pm_card_visa' },
  },
];

/** Strings a client may put where an id, a query value or a name goes. */
function malformedText(): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('not-a-uuid', '0', '-1', 'null', 'undefined', 'true', '[]', '{}', '%', "'", '"', ' '),
    fc.uuid().map((id) => id.replaceAll('-', '')),
    fc.uuid().chain((id) => fc.nat({ max: 34 }).map((n) => id.slice(0, n + 1))),
    fc.uuid().map((id) => `${id}x`),
    fc.integer().map(String),
    fc.double({ noNaN: false }).map(String),
    fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme' }),
    fc.string({ minLength: 1, maxLength: 40 }),
    fc.integer({ min: 256, max: 5000 }).map((n) => 'a'.repeat(n)),
  );
}

/** JSON values of every type (a field of the wrong type, or of the right type with a malformed value). */
function malformedValue(): fc.Arbitrary<unknown> {
  return fc.oneof(
    fc.constantFrom(null, true, false, 0, -1, 1.5, '', [], {}),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }),
    malformedText(),
    fc.array(fc.oneof(fc.integer(), fc.string()), { maxLength: 3 }),
    fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.integer(), fc.string()), { maxKeys: 3 }),
  );
}

/** An id path parameter in a malformed spelling (the path stays on its route: never empty, never `.`). */
const malformedId = (): fc.Arbitrary<string> =>
  malformedText()
    .map((text) => encodeURIComponent(text))
    .filter((text) => text !== '' && text !== '.' && text !== '..');

/** Query parameter names: those of §4.3, nested or repeated spellings of them, and others. */
const queryName = (): fc.Arbitrary<string> =>
  fc.oneof(
    fc.constantFrom(
      'page[limit]',
      'page[offset]',
      'include',
      'page',
      'page[]',
      'include[]',
      'page[limit][x]',
    ),
    fc.string({ minLength: 1, maxLength: 20 }),
  );

/** The generated malformed requests (deep profile), one family of the four at a time. */
export function malformedRequests(ids: Ids): fc.Arbitrary<Sent> {
  const paths: fc.Arbitrary<Sent> = fc
    .record({
      route: fc.constantFrom(...ORDER_ROUTES, ...OTHER_ID_ROUTES),
      order: fc.oneof(malformedId(), fc.constant(ids.order)),
      txn: fc.oneof(malformedId(), fc.constant(ids.unknown)),
      other: malformedId(),
    })
    .map(({ route, ...holes }) => ({
      method: route.method,
      path: route.path(holes),
      madeUp: [holes.order, holes.txn, holes.other]
        .filter((id) => id !== ids.order && id !== ids.unknown)
        .map((id) => decodeURIComponent(id)),
    }));
  const queries: fc.Arbitrary<Sent> = fc
    .record({
      path: fc.constantFrom(...READS(ids)),
      params: fc.array(fc.tuple(queryName(), malformedText()), { minLength: 1, maxLength: 3 }),
    })
    .map(({ path, params }) => ({
      method: 'GET' as const,
      path: `${path}?${params.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('&')}`,
    }));
  const bodies: fc.Arbitrary<Sent> = fc
    .record({ write: fc.constantFrom(...WRITES(ids)), value: malformedValue(), at: fc.nat() })
    .map(({ write, value, at }) => {
      const keys = Object.keys(write.body);
      const where = at % (keys.length + 2);
      const json =
        where === keys.length
          ? value
          : where === keys.length + 1
            ? { data: value }
            : { data: { ...write.body, [keys[where] as string]: value } };
      return { method: 'POST' as const, path: write.path, options: { json } };
    });
  const routes: fc.Arbitrary<Sent> = fc
    .record({
      method: fc.constantFrom<Method>('GET', 'POST', 'PUT', 'PATCH', 'DELETE'),
      segments: fc.array(malformedId(), { minLength: 1, maxLength: 3 }),
    })
    .map(({ method, segments }) => ({ method, path: `/v2/conformance-no-such-route/${segments.join('/')}` }));
  return fc.oneof(paths, queries, bodies, routes);
}

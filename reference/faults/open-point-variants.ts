/** Conformant variants for readings of the open points (`docs/open-points.json`) no other variant serves. */
import { STATUS_CODES } from 'node:http';
import { type Variant, variantRow } from './fault.ts';
import {
  answerInstead,
  beforeHandler,
  eachItem,
  errorBody,
  errorOf,
  type Json,
  rewritePayload,
  rewriteResponse,
} from './hooks.ts';
import * as route from './routes.ts';

/** The id a request's path names, in lower case (ids are found in any case under uppercase-uuids). */
const pathId = (params: unknown) => String((params as { id?: unknown } | undefined)?.id ?? '').toLowerCase();

/** A timestamp `…T12:30:00.123Z` as the same instant at +02:00, `…T14:30:00.123+02:00`, its fraction kept. */
const atPlusTwo = (at: string, fraction = '') =>
  `${new Date(Date.parse(`${at}Z`) + 2 * 3600_000).toISOString().slice(0, 19)}${fraction}+02:00`;

export const OPEN_POINT_VARIANTS: readonly Variant[] = [
  variantRow('gateway-names-folded')(
    'A payment takes a gateway name in any case and with surrounding spaces (`MANUAL`, ` manual `) as the gateway it names (§4.1 shows the names, not how they are matched).',
    beforeHandler([route.PAYMENTS], (request) => {
      const data = (request.body as Json)?.data;
      const named = typeof data?.gateway === 'string' ? data.gateway.trim().toLowerCase() : undefined;
      if (named === 'manual' || named === 'card_payment_intents') data.gateway = named;
    }),
  ),
  variantRow('unaligned-links-on-grid')(
    'Off the page grid (page[offset] not a multiple of page[limit]), links.prev and links.next name the pages of the grid around it: prev the grid page before the one holding the offset (null within the first), next the grid page after it (null on the last page, as before). §2.5 names the neighbours of no such page.',
    rewriteResponse(route.LISTINGS, (body) => {
      const { limit, offset } = body.meta.page;
      if (offset % limit === 0 || body.data.length === 0) return;
      // In whichever spelling another variant gave the links (brackets percent-encoded or not).
      const at = (n: number) =>
        body.links.current.replace(
          /(page(?:\[|%5B)offset(?:\]|%5D)=)\d+/i,
          (_: string, key: string) => `${key}${n}`,
        );
      const start = Math.floor(offset / limit) * limit;
      body.links.prev = start === 0 ? null : at(start - limit);
      if (body.links.next !== null) body.links.next = at(start + limit);
    }),
  ),
  variantRow('past-end-last-page')(
    'A page past the end names the last page with records as links.prev, null when none has (§2.5 names no neighbour of such a page).',
    rewriteResponse(route.LISTINGS, (body) => {
      if (body.data.length > 0 || body.meta.page.offset === 0) return;
      body.links.prev = body.meta.results.total > 0 ? body.links.last : null;
    }),
  ),
  variantRow('last-link-full-page')(
    'links.last names the last full page, page[offset] = results.total - limit, when there are more records than the limit (§2.5: links.last carries page[offset]; where the last page starts is not shown).',
    rewriteResponse(route.LISTINGS, ({ links, meta: { page, results } }) => {
      if (results.total > page.limit)
        links.last = links.last.replace(/(offset(\]|%5D)=)\d+/i, `$1${results.total - page.limit}`);
    }),
  ),
  variantRow('main-image-null')(
    'A product without a main image has relationships.main_image { data: null } (§2.4; JSON:API writes an empty to-one relationship so, and the rules.md preamble lets it be absent).',
    eachItem(['GET /v2/products', 'GET /v2/products/:id', 'POST /v2/products'], (product) => {
      product.relationships = { ...product.relationships, main_image: { data: null } };
    }),
  ),
  variantRow('observes-as-set')(
    'An integration reads back its observed events once each, in reverse alphabetical order (§2.2: observes is an array of strings; their order and repeats are not shown).',
    rewriteResponse(['POST /v2/integrations', 'GET /v2/integrations/:id'], ({ data }) => {
      data.observes = [...new Set(data.observes)].sort().reverse();
    }),
  ),
  variantRow('timestamps-without-zone')(
    'Timestamps are local times without a zone, 2024-05-01T12:30:00.123 (§2: "ISO 8601 date-time strings"; ISO 8601 reads such a time as local).',
    rewritePayload((out) =>
      typeof out === 'string' ? out.replace(/(T\d\d:\d\d:\d\d(\.\d+)?)Z"/g, '$1"') : out,
    ),
  ),
  variantRow('past-end-prev-null')(
    'A page past the end of a listing has links.prev null (§2.5: "Null when there is no such page"; §2.5 names no neighbour of a page past the end).',
    rewriteResponse(route.LISTINGS, (body) => {
      if (body.data.length === 0 && body.meta.page.offset > 0) body.links.prev = null;
    }),
  ),
  variantRow('deleted-410')(
    'Reading an integration, a product or a category after its delete answers 410 Gone, not 404 (§7: status codes per failure case are not shown; INT-DELETE-GONE asks for a 4xx).',
    (app, ctx) => {
      const deleted = new Set<string>();
      const deletes = [route.DELETE_INTEGRATION, route.DELETE_PRODUCT, route.DELETE_CATEGORY];
      rewriteResponse(deletes, (_body, request) => {
        deleted.add(pathId(request.params));
      })(app, ctx);
      answerInstead([route.READ_INTEGRATION, route.PRODUCT, route.CATEGORY], (request, reply) => {
        if (deleted.has(pathId(request.params)))
          return reply.code(410).send(errorBody(410, 'Gone', 'this record was deleted'));
      })(app, ctx);
    },
  ),
  variantRow('pretty-printed-json')(
    'Every JSON answer is indented with two spaces and ends with a newline (§1: an HTTP and JSON backend; JSON allows whitespace between tokens, RFC 8259 §2).',
    rewritePayload((payload, reply) => {
      if (typeof payload !== 'string' || !/json/i.test(String(reply.getHeader('content-type') ?? '')))
        return payload;
      try {
        return `${JSON.stringify(JSON.parse(payload), null, 2)}\n`;
      } catch {
        return payload;
      }
    }),
  ),
  variantRow('problem-json-errors')(
    'Errors are RFC 9457 problem details, { type, title, status, detail } as application/problem+json (§7: the error response format is not shown).',
    rewritePayload((payload, reply) => {
      if (reply.statusCode < 400 || typeof payload !== 'string' || payload === '') return payload;
      const error = errorOf(payload);
      reply.header('content-type', 'application/problem+json; charset=utf-8');
      const status = reply.statusCode;
      const title = error?.title ?? STATUS_CODES[status] ?? 'Error';
      return JSON.stringify({ type: 'about:blank', title, status, detail: error?.detail ?? title });
    }),
  ),
  variantRow('timestamps-offset')(
    'Timestamps are written at a +02:00 offset, the same instant, milliseconds kept: 2024-05-01T14:30:00.123+02:00 (§2: "ISO 8601 date-time strings"; ISO 8601 and RFC 3339 allow any offset).',
    rewritePayload((out) =>
      typeof out === 'string'
        ? out.replace(
            /("(?:created|updated)_at":\s*")(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(\.\d+)?Z"/g,
            (_, key: string, at: string, fraction?: string) => `${key}${atPlusTwo(at, fraction)}"`,
          )
        : out,
    ),
  ),
  variantRow('lowercase-currency')(
    'Transactions write their currency codes in lower case, usd (§2.1: "Three-letter currency code"; rules.md TXN-SCHEMA: "three letters", of either case).',
    eachItem(route.TRANSACTIONS, (txn) => {
      if (typeof txn.currency === 'string') txn.currency = txn.currency.toLowerCase();
      const shown = txn.meta?.display_price;
      if (typeof shown?.currency === 'string') shown.currency = shown.currency.toLowerCase();
    }),
  ),
  variantRow('transactions-newest-first')(
    "An order's transactions are listed newest first (§4.1: { data: [Transaction, ...] }; the order is not shown).",
    rewriteResponse([route.LIST], (body) => {
      if (Array.isArray(body.data)) body.data.reverse();
    }),
  ),
  variantRow('included-reverse-order')(
    'Included entities are listed in the reverse of the order their relationships give (§4.3: each value of included "an array"; its order is not shown).',
    rewriteResponse([route.CATEGORY, route.PRODUCT, route.PRODUCTS], (body) => {
      for (const list of Object.values(body.included ?? {})) if (Array.isArray(list)) list.reverse();
    }),
  ),
];

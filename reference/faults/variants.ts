import { MAX_INCLUDES, MAX_PAGE_LIMIT, OFFSET_LIMIT } from '../limits.ts';
import { ANSWER_VARIANTS } from './depth/answer-variants.ts';
import { READING_VARIANTS } from './depth/reading-variants.ts';
import { REFUSAL_VARIANTS } from './depth/refusal-variants.ts';
import { SHAPE_VARIANTS } from './depth/shape-variants.ts';
import { type Variant, variantRow } from './fault.ts';
import {
  answerInstead,
  beforeHandler,
  dataItems,
  eachItem,
  errorBody,
  errorOf,
  type Json,
  type Route,
  rewritePayload,
  rewriteResponse,
  routedTo,
} from './hooks.ts';
import { OPEN_POINT_VARIANTS } from './open-point-variants.ts';
import { CATEGORY, digitsParam, LIMIT, LISTINGS, OFFSET, PAYMENTS, PRODUCTS, SOFT } from './routes.ts';
import { SEQUENCE_VARIANTS } from './sequence-variants.ts';
import { SPACE_VARIANTS } from './space-variants.ts';

const INCLUDES: Route[] = [PRODUCTS, CATEGORY];

/** Rewrites a listing link to a relative URL with percent-encoded brackets. */
function relativeEncoded(link: string | null): string | null {
  if (link === null) return null;
  const url = new URL(link);
  return `${url.pathname}${url.search.replace(/\[/g, '%5B').replace(/\]/g, '%5D')}`;
}

/** The conformant variants for the choices that the depth profile's inputs meet (`depth/`). */
export const DEPTH_VARIANTS: readonly Variant[] = [
  ...REFUSAL_VARIANTS,
  ...READING_VARIANTS,
  ...ANSWER_VARIANTS,
  ...SHAPE_VARIANTS,
];

/** Every conformant variant. */
export const VARIANTS: readonly Variant[] = [
  variantRow('created-200')(
    'Creates answer 200 instead of 201 (§4.1: success status codes are not shown).',
    rewritePayload((payload, reply) => {
      if (reply.statusCode === 201) reply.code(200);
      return payload;
    }),
  ),
  variantRow('clamp-page-limit')(
    `page[limit] above ${MAX_PAGE_LIMIT} is served as ${MAX_PAGE_LIMIT} instead of rejected (§8 leaves clamping or rejecting open).`,
    beforeHandler(LISTINGS, (request) => {
      if ((digitsParam(request, LIMIT) ?? 0) > MAX_PAGE_LIMIT)
        (request.query as Json)[LIMIT] = String(MAX_PAGE_LIMIT);
    }),
  ),
  variantRow('lenient-page-params')(
    'Unusable page[limit] / page[offset] values fall back to the defaults instead of 400.',
    beforeHandler(LISTINGS, (request) => {
      const query = request.query as Json;
      for (const key of [LIMIT, OFFSET]) {
        const value = digitsParam(request, key);
        if (query[key] !== undefined && (value === undefined || (key === LIMIT && value === 0)))
          delete query[key];
      }
    }),
  ),
  variantRow('other-error-bodies')(
    'Errors are { "error": { "code", "message" } }, invalid input is 400 rather than 422, an invalid token 403 (§7: not shown).',
    rewritePayload((payload, reply, request) => {
      if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
      const detail = errorOf(payload)?.detail ?? 'error';
      if (reply.statusCode === 422) reply.code(400);
      if (reply.statusCode === 401 && request.headers.authorization !== undefined) reply.code(403);
      return JSON.stringify({ error: { code: `E${reply.statusCode}`, message: detail } });
    }),
  ),
  {
    name: 'newest-first',
    description: 'Listings are in reverse creation order (§4.3: the order is not shown).',
    options: { listingOrder: 'newest-first' },
  },
  variantRow('extra-fields')(
    'Every answer and resource carries extra members (§2: extra fields are allowed).',
    (app) =>
      app.addHook('preSerialization', async (request, reply, payload: Json) => {
        if (reply.statusCode >= 300 || !request.routeOptions.url || typeof payload !== 'object' || !payload)
          return payload;
        for (const item of dataItems(payload)) item.x_vendor = { source: 'variant', flags: ['a', 'b'] };
        for (const list of Object.values(payload.included ?? {}))
          for (const item of list as Json[]) item.x_vendor = { source: 'variant' };
        return { ...payload, jsonapi: { version: '1.0' } };
      }),
  ),
  variantRow('relative-listing-links')(
    'Listing links are relative, with page[limit] percent-encoded (§2.5: "URLs carrying page[limit]").',
    rewriteResponse(LISTINGS, (body) => {
      for (const key of ['current', 'first', 'last', 'prev', 'next'])
        body.links[key] = relativeEncoded(body.links[key]);
    }),
  ),
  variantRow('authorize-no-body')(
    'The authorize answer is 204 with no body (§4.1: the authorize response body is not shown).',
    rewriteResponse([PAYMENTS], (body, _request, reply) => {
      if (body?.data?.gateway !== 'manual') return undefined;
      reply.code(204);
      return '';
    }),
  ),
  variantRow('include-limit-rejected')(
    `More than ${MAX_INCLUDES} include values answer 400 (§8: a soft limit; rule INC-LIMIT allows 2xx or 4xx).`,
    answerInstead(INCLUDES, (request, reply) => {
      const include = (request.query as Json).include;
      if (typeof include === 'string' && include.split(',').filter((v) => v.trim()).length > MAX_INCLUDES)
        return reply.code(400).send(errorBody(400, 'Too Many Includes', `at most ${MAX_INCLUDES}`));
      return undefined;
    }),
  ),
  variantRow('soft-offset-rejected')(
    `page[offset] above ${OFFSET_LIMIT} is rejected on every listing (§8: a soft limit; 4xx is allowed).`,
    answerInstead(SOFT, (request, reply) => {
      if ((digitsParam(request, OFFSET) ?? 0) > OFFSET_LIMIT)
        return reply.code(400).send(errorBody(400, 'Offset Too Large', `at most ${OFFSET_LIMIT}`));
      return undefined;
    }),
  ),
  variantRow('no-results-all')(
    'meta.results.all is left out (§2.5: present in the category examples only).',
    rewriteResponse(LISTINGS, (body) => {
      delete body.meta.results.all;
    }),
  ),
  variantRow('empty-page-total-one')(
    'An empty listing says meta.page.total 1 (PAGE-COUNTS judges it only when there are results).',
    rewriteResponse(LISTINGS, (body) => {
      if (body.meta.results.total === 0) body.meta.page.total = 1;
    }),
  ),
  variantRow('other-status-values')(
    'Authorized transactions are listed as transaction_type "authorization", status "pending" (§2.1: values seen).',
    eachItem(['GET /v2/orders/:orderId/transactions'], (txn) => {
      if (txn.transaction_type !== 'authorize') return;
      txn.transaction_type = 'authorization';
      txn.status = 'pending';
    }),
  ),
  variantRow('microsecond-timestamps')(
    'Integration timestamps have six fractional digits (§2.2: "with milliseconds" is a minimum).',
    rewriteResponse(['POST /v2/integrations', 'GET /v2/integrations/:id'], (body) => {
      const timestamps = body?.data?.meta?.timestamps;
      for (const key of ['created_at', 'updated_at'])
        if (typeof timestamps?.[key] === 'string')
          timestamps[key] = timestamps[key].replace(/\.(\d{3})Z$/, '.$1123Z');
    }),
  ),
  variantRow('no-payment-intents')(
    'The card_payment_intents gateway is not offered: a purchase through it answers 422 (the suite skips TXN-CONFIRM).',
    answerInstead([PAYMENTS], (request, reply) => {
      if ((request.body as Json)?.data?.gateway !== 'card_payment_intents') return undefined;
      return reply.code(422).send(errorBody(422, 'Gateway Not Enabled', 'card_payment_intents is off'));
    }),
  ),
  variantRow('deletes-204')(
    'Deleting a product or category answers 204 with no body (provisioning: 200 or 204).',
    rewritePayload((payload, reply, request) => {
      const deleted = routedTo(request, ['DELETE /v2/products/:id', 'DELETE /v2/categories/:id']);
      if (reply.statusCode !== 200 || !deleted) return payload;
      reply.code(204);
      return '';
    }),
  ),
  ...OPEN_POINT_VARIANTS,
  ...SEQUENCE_VARIANTS,
  ...DEPTH_VARIANTS,
  ...SPACE_VARIANTS,
];

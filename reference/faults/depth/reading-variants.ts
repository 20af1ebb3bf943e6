/** Conformant variants that read the depth profile's inputs another way where the specification allows. */
import type { FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { OFFSET_LIMIT } from '../../limits.ts';
import { type Variant, variantRow } from '../fault.ts';
import { beforeHandler, type Json, type Route, rewriteError } from '../hooks.ts';
import { ACTIONS, CATEGORY, digitsParam, includeValues, OFFSET, PRODUCT, PRODUCTS, SOFT } from '../routes.ts';

const WITH_INCLUDES: Route[] = [CATEGORY, PRODUCTS, PRODUCT];

/** Rewrites each comma-separated name of `include` (a repeated key is joined first). */
function rewriteIncludeNames(request: FastifyRequest, rewrite: (name: string) => string): void {
  const values = includeValues(request);
  if (values.length > 0) (request.query as Json).include = values.join(',').split(',').map(rewrite).join(',');
}

/** Whether the transaction of the request's path exists, on another order than the path's. */
function onAnotherOrder(ctx: ReferenceContext, request: FastifyRequest): boolean {
  const params = request.params as Json;
  const owner = ctx.store.transactions.get(params.transactionId)?.orderId;
  return owner !== undefined && owner !== params.orderId;
}

export const READING_VARIANTS: readonly Variant[] = [
  variantRow('include-case-insensitive')(
    'include names are matched in any case (include=PRODUCTS includes the products) (§4.3 include rule 5: "Each supporting resource defines which includes it allows").',
    beforeHandler(WITH_INCLUDES, (request) => {
      rewriteIncludeNames(request, (name) => name.toLowerCase());
    }),
  ),
  variantRow('include-names-untrimmed')(
    'include names are taken literally, spaces included (include=products,%20main_image: " main_image" is an include the endpoint does not support) (§4.3 include rule 1: "comma-separated values"; spaces are not shown).',
    beforeHandler(WITH_INCLUDES, (request) => {
      // The server trims names: a name with spaces around it becomes one that nothing supports.
      rewriteIncludeNames(request, (name) => (name === name.trim() ? name : encodeURIComponent(name)));
    }),
  ),
  variantRow('soft-offset-clamped')(
    `page[offset] above ${OFFSET_LIMIT} on /v2/categories and /v2/products is served as ${OFFSET_LIMIT} (meta.page.offset ${OFFSET_LIMIT}) (§8: a soft limit; rule PAGE-OFFSET-SOFT allows any valid listing envelope).`,
    beforeHandler(SOFT, (request) => {
      if ((digitsParam(request, OFFSET, true) ?? 0) > OFFSET_LIMIT)
        (request.query as Json)[OFFSET] = String(OFFSET_LIMIT);
    }),
  ),
  variantRow('foreign-transaction-403')(
    'Capture, refund or confirm of a transaction that belongs to another order answers 403 rather than 404 (§7: status codes per failure case not shown; rule TXN-UNKNOWN asks 4xx).',
    rewriteError(ACTIONS, (_body, request, reply, ctx) => {
      if (reply.statusCode !== 404 || !onAnotherOrder(ctx, request)) return undefined;
      reply.code(403);
      return apiError('FORBIDDEN', 'the transaction belongs to another order').toBody();
    }),
  ),
];

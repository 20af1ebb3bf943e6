/** Listing pages as the server's own listings build them, for faults that serve another page than asked. */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { pageUrl, requestOrigin } from '../http/links.ts';
import { type PageParams, parseInclude, parsePageParams, type Query } from '../http/params.ts';
import { paginationLinks, paginationMeta } from '../serialize/listing.ts';
import {
  categoriesOfProducts,
  includedSection,
  serializeCategory,
  serializeOrder,
  serializeProduct,
} from '../serialize/resources.ts';
import { transactionsOf } from '../store/payments.ts';
import { beforeHandler, type Json, queryOf, type Route, routeOf } from './hooks.ts';
import { CATEGORIES, digitsParam, HARD, LIMIT, OFFSET, PRODUCTS } from './routes.ts';

/** The records of a collection, in creation order. */
interface Rows {
  readonly size: number;
  slice(offset: number, limit: number, newestFirst?: boolean): Json[];
  get(id: string): Json | undefined;
}

/** The collection a listing route pages through, how it serialises, whether it has `meta.results.all`. */
export function listingOf(request: FastifyRequest, ctx: ReferenceContext) {
  const route = routeOf(request);
  const { store } = ctx;
  const serializeOrderOf = (order: Json) => serializeOrder(order, transactionsOf(store, order));
  if (route === PRODUCTS)
    return { rows: store.products as Rows, serialize: serializeProduct, withAll: false };
  if (route === CATEGORIES)
    return { rows: store.categories as Rows, serialize: serializeCategory, withAll: true };
  if (route === HARD[0]) return { rows: store.orders as Rows, serialize: serializeOrderOf, withAll: false };
  return { rows: store.files as Rows, serialize: (file: Json) => file, withAll: false };
}

/** The URL of the page at `offset` of the listing the request is routed to, at this page length. */
export const pageUrlAt = (request: FastifyRequest, limit: number) => (offset: number) =>
  pageUrl(requestOrigin(request), request.routeOptions.url ?? '', request.query as Query, limit, offset);

/** A page URL with another `page[offset]`. */
export const withOffset = (url: string, offset: number) =>
  url.replace(/page\[offset\]=-?\d+/, `${OFFSET}=${offset}`);

/**
 * Answers one page of the listing the request is routed to with these records (absent: those at the page's
 * offset), and on `/v2/products` the categories they relate when `include` asks (unless `withIncluded` is false).
 */
export function answerPage(
  request: FastifyRequest,
  reply: FastifyReply,
  ctx: ReferenceContext,
  page: PageParams,
  records?: Json[],
  withIncluded = true,
) {
  const { rows, serialize, withAll } = listingOf(request, ctx);
  const served = records ?? rows.slice(page.offset, page.limit, ctx.options.listingOrder === 'newest-first');
  const included =
    withIncluded && routeOf(request) === PRODUCTS && parseInclude(queryOf(request)).includes('categories')
      ? includedSection('categories', categoriesOfProducts(ctx.store, served).map(serializeCategory))
      : {};
  return reply.send({
    data: served.map(serialize),
    ...included,
    links: paginationLinks(page, rows.size, pageUrlAt(request, page.limit)),
    meta: paginationMeta(page, rows.size, { withAll }),
  });
}

/** The page parameters of a listing request as the server reads them (no hard limit); undefined if unusable. */
export function pageOf(request: FastifyRequest, ctx: ReferenceContext): PageParams | undefined {
  try {
    return parsePageParams(queryOf(request), {
      defaultLimit: ctx.options.defaultPageLimit,
      hardOffsetLimit: false,
    });
  } catch {
    return undefined;
  }
}

/** `page[offset]` as given (plain digits), 0 when absent, undefined when unusable. */
export const offsetOrZero = (request: FastifyRequest): number | undefined =>
  Object.hasOwn(queryOf(request), OFFSET) ? digitsParam(request, OFFSET, true) : 0;

/** Gives the requests to the routes without `page[limit]` whose query passes `when` a page length of `limit`. */
export const defaultLimitWhen = (routes: readonly Route[], limit: string, when: (query: Json) => boolean) =>
  beforeHandler(routes, (request) => {
    const query = queryOf(request);
    if (when(query) && !Object.hasOwn(query, LIMIT)) query[LIMIT] = limit;
  });

import type { FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { pageUrl, requestOrigin } from '../http/links.ts';
import { parsePageParams, type Query } from '../http/pagination-params.ts';
import { paginationLinks, paginationMeta } from '../serialize/listing.ts';
import type { Collection } from '../store/collection.ts';

/** How one listing endpoint lists. */
export interface ListingSpec<R extends { id: string }, S> {
  /** The endpoint's path, for the links. */
  path: string;
  collection: Collection<R>;
  /**
   * §8: `/v2/orders` and `/v2/files` reject offsets above `OFFSET_LIMIT` (limits.ts); the others serve them.
   */
  hardOffsetLimit: boolean;
  serialize: (record: R) => S;
  /** The `included` section for the records of this page, when the endpoint supports includes. */
  included?: (page: R[]) => { included?: Record<string, unknown[]> };
  /** Adds `meta.results.all` (§2.5: present in the category examples). */
  withAll?: boolean;
}

/** One page of a listing, in the envelope of §2.5: `data`, `included` (when any), `links` and `meta`. */
export function listing<R extends { id: string }, S>(
  ctx: ReferenceContext,
  request: FastifyRequest<{ Querystring: Query }>,
  spec: ListingSpec<R, S>,
) {
  const query = request.query;
  const page = parsePageParams(query, {
    defaultLimit: ctx.options.defaultPageLimit,
    hardOffsetLimit: spec.hardOffsetLimit,
  });
  // The list order is not specified (§4.3); the default is creation order.
  const records =
    ctx.options.listingOrder === 'newest-first'
      ? spec.collection.sliceNewestFirst(page.offset, page.limit)
      : spec.collection.slice(page.offset, page.limit);
  const total = spec.collection.size;
  const origin = requestOrigin(request);
  return {
    data: records.map(spec.serialize),
    ...(spec.included?.(records) ?? {}),
    links: paginationLinks(page, total, (offset) => pageUrl(origin, spec.path, query, page.limit, offset)),
    meta: paginationMeta(page, total, { withAll: spec.withAll ?? false }),
  };
}

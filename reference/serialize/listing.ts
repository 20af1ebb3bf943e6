import type { PageParams } from '../http/params.ts';

/** The pagination `links` (§2.5); `prev` is null on the first page, `next` on the last. */
export function paginationLinks(page: PageParams, total: number, urlAt: (offset: number) => string) {
  const { limit, offset } = page;
  // Number of pages (§2.5), 0 when there are no results.
  const pages = Math.ceil(total / limit);
  return {
    current: urlAt(offset),
    first: urlAt(0),
    last: urlAt(pages > 0 ? (pages - 1) * limit : 0),
    prev: offset === 0 ? null : urlAt(Math.max(0, offset - limit)),
    next: offset + limit >= total ? null : urlAt(offset + limit),
  };
}

/** The pagination `meta` (§2.5), present on every listing, empty or not. */
export function paginationMeta(page: PageParams, total: number, options: { withAll?: boolean } = {}) {
  return {
    page: {
      limit: page.limit,
      offset: page.offset,
      current: Math.floor(page.offset / page.limit) + 1,
      total: Math.ceil(total / page.limit),
    },
    // `results.all` appears in the category examples (§2.5); there are no filters, so it equals `total`.
    results: options.withAll ? { total, all: total } : { total },
  };
}

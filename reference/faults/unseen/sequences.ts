/** Unseen faults, class "sequences": wrong only in a state that a sequence of requests reaches. */
import { type Fault, gateFault } from '../fault.ts';
import { type Route, rewriteResponse } from '../hooks.ts';
import { CATEGORIES, DELETE_CATEGORY, DELETE_PRODUCT, PRODUCTS } from '../routes.ts';

export const UNSEEN_SEQUENCE_FAULTS: Fault[] = [
  gateFault(
    'results-total-counts-deleted',
    'PAGE-COUNTS',
    'meta.results.total (and meta.page.total from it) of /v2/products and /v2/categories is a counter raised on create and never lowered on delete: after a delete it counts the deleted records too.',
    (app, ctx) => {
      const deletes = new Map<Route, number>();
      const count = (listing: Route) => () => {
        deletes.set(listing, (deletes.get(listing) ?? 0) + 1);
      };
      rewriteResponse([DELETE_PRODUCT], count(PRODUCTS))(app, ctx);
      rewriteResponse([DELETE_CATEGORY], count(CATEGORIES))(app, ctx);
      rewriteResponse([PRODUCTS, CATEGORIES], (body, request) => {
        const extra = deletes.get(`GET ${request.routeOptions.url}` as Route) ?? 0;
        if (extra === 0 || !body?.meta?.results) return;
        body.meta.results.total += extra;
        if (body.meta.results.all !== undefined) body.meta.results.all += extra;
        body.meta.page.total = Math.ceil(body.meta.results.total / body.meta.page.limit);
      })(app, ctx);
    },
  ),
];

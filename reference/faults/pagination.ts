import type { FastifyRequest } from 'fastify';
import { type Fault, responseFault } from './fault.ts';
import { beforeHandler, type Json, type Route, rewriteError, rewriteResponse } from './hooks.ts';

const SOFT: Route[] = ['GET /v2/categories', 'GET /v2/products'];
const HARD: Route[] = ['GET /v2/orders', 'GET /v2/files'];
const LISTINGS: Route[] = [...SOFT, ...HARD];
const LIMIT = 'page[limit]';
const OFFSET = 'page[offset]';
const DIGITS = /^\d+$/;

const query = (request: FastifyRequest) => request.query as Json;
const intParam = (request: FastifyRequest, key: string): number | undefined => {
  const value = query(request)[key];
  return typeof value === 'string' && DIGITS.test(value) ? Number(value) : undefined;
};

/** Replaces the page parameters of a listing link (absolute or relative). */
function relink(link: string | null, params: Record<string, number>): string | null {
  if (link === null) return null;
  const url = new URL(link, 'http://relative.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  const text = `${url.pathname}${url.search}`.replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  return link.startsWith('/') ? text : `${url.origin}${text}`;
}

/**
 * A fault that serves the listing as if the request had asked for other page parameters, then tells the
 * client what it asked for: the shape of many real pagination bugs.
 */
function servedAs(
  name: string,
  rule: string,
  description: string,
  routes: Route[],
  rewrite: (asked: { limit?: number; offset?: number }) => { limit?: number; offset?: number } | undefined,
  report: (body: Json, asked: { limit?: number; offset?: number }) => void,
): Fault {
  const asked = new WeakMap<FastifyRequest, { limit?: number; offset?: number }>();
  return {
    name,
    rule,
    description,
    install: (app) => {
      beforeHandler(app, routes, (request) => {
        const original = { limit: intParam(request, LIMIT), offset: intParam(request, OFFSET) };
        const served = rewrite(original);
        if (!served) return;
        asked.set(request, original);
        if (served.limit !== undefined) query(request)[LIMIT] = String(served.limit);
        if (served.offset !== undefined) query(request)[OFFSET] = String(served.offset);
      });
      rewriteResponse(app, routes, (body, request) => {
        const original = asked.get(request);
        if (original) report(body, original);
      });
    },
  };
}

export const PAGINATION_FAULTS: Fault[] = [
  responseFault(
    'listing-results-missing',
    'PAGE-ENVELOPE',
    'Listings have no meta.results.',
    SOFT,
    (body) => {
      delete body.meta.results;
    },
  ),
  responseFault(
    'empty-page-without-meta',
    'PAGE-META-EMPTY',
    'A listing page with no records (below the 10,000 offset limit) has no meta.page.',
    SOFT,
    (body, request) => {
      if (body.data.length === 0 && (intParam(request, OFFSET) ?? 0) <= 10_000) delete body.meta.page;
    },
  ),
  servedAs(
    'limit-plus-one',
    'PAGE-LIMIT',
    'page[limit]=n answers n + 1 records (and says limit n).',
    SOFT,
    (asked) => (asked.limit !== undefined && asked.limit < 100 ? { limit: asked.limit + 1 } : undefined),
    (body, asked) => {
      body.meta.page.limit = asked.limit;
    },
  ),
  responseFault(
    'offset-in-pages',
    'PAGE-OFFSET',
    'meta.page.offset counts pages, not records.',
    SOFT,
    (body) => {
      body.meta.page.offset = Math.floor(body.meta.page.offset / body.meta.page.limit);
    },
  ),
  servedAs(
    'offset-ignored',
    'PAGE-OFFSET',
    'page[offset] is ignored: every page starts at the first record (meta.page.offset still echoes it).',
    SOFT,
    (asked) => (asked.offset ? { offset: 0 } : undefined),
    (body, asked) => {
      body.meta.page.offset = asked.offset;
    },
  ),
  responseFault(
    'links-without-page-params',
    'PAGE-LINKS',
    'links.current, links.first and links.last carry no page parameters.',
    SOFT,
    (body) => {
      for (const key of ['current', 'first', 'last']) body.links[key] = body.links[key].split('?')[0];
    },
  ),
  responseFault(
    'first-link-current-offset',
    'PAGE-LINKS',
    'links.first carries the current offset instead of 0.',
    SOFT,
    (body) => {
      body.links.first = body.links.current;
    },
  ),
  responseFault(
    'prev-on-first-page',
    'PAGE-PREV-NEXT',
    'links.prev on the first page points at it instead of null.',
    SOFT,
    (body) => {
      if (body.links.prev === null) body.links.prev = body.links.first;
    },
  ),
  responseFault(
    'next-on-last-page',
    'PAGE-PREV-NEXT',
    'links.next on the last page points at it instead of null.',
    SOFT,
    (body) => {
      if (body.links.next === null) body.links.next = body.links.current;
    },
  ),
  responseFault(
    'next-skips-a-record',
    'PAGE-WALK',
    'links.next skips one record (offset + limit + 1).',
    SOFT,
    (body) => {
      const { offset, limit } = body.meta.page;
      if (body.links.next !== null)
        body.links.next = relink(body.links.next, { [OFFSET]: offset + limit + 1 });
    },
  ),
  responseFault(
    'results-total-off-by-one',
    'PAGE-COUNTS',
    'meta.results.total is one more than the records.',
    SOFT,
    (body) => {
      body.meta.results.total += 1;
    },
  ),
  responseFault(
    'page-current-zero-based',
    'PAGE-COUNTS',
    'meta.page.current counts from 0.',
    SOFT,
    (body) => {
      body.meta.page.current -= 1;
    },
  ),
  servedAs(
    'default-limit-25',
    'PAGE-DEFAULT-LIMIT',
    'Without page[limit], pages hold 25 records.',
    SOFT,
    (asked) => (asked.limit === undefined ? { limit: 25 } : undefined),
    () => {},
  ),
  servedAs(
    'no-max-limit',
    'PAGE-MAX-LIMIT',
    'page[limit] above 100 is accepted and echoed in meta.page.limit.',
    LISTINGS,
    (asked) => (asked.limit !== undefined && asked.limit > 100 ? { limit: 100 } : undefined),
    (body, asked) => {
      body.meta.page.limit = asked.limit;
    },
  ),
  servedAs(
    'hard-offset-unlimited',
    'PAGE-OFFSET-HARD',
    '/v2/orders and /v2/files serve page[offset] above 10,000.',
    HARD,
    (asked) => (asked.offset !== undefined && asked.offset > 10_000 ? { offset: 10_000 } : undefined),
    (body, asked) => {
      body.meta.page.offset = asked.offset;
    },
  ),
  responseFault(
    'soft-offset-bare',
    'PAGE-OFFSET-SOFT',
    'page[offset] above 10,000 on categories and products answers 200 with only { data: [] }.',
    SOFT,
    (body, request) => {
      if ((intParam(request, OFFSET) ?? 0) > 10_000) {
        delete body.links;
        delete body.meta;
      }
    },
  ),
  {
    name: 'bad-page-params-bare',
    rule: 'PAGE-BAD-PARAMS',
    description: 'An unusable page[limit] or page[offset] answers 200 with only { data: [] } instead of 4xx.',
    install: (app) =>
      rewriteError(app, SOFT, (body, _request, reply) => {
        if (reply.statusCode !== 400 || body?.errors?.[0]?.title !== 'Invalid Query Parameter')
          return undefined;
        reply.code(200);
        return { data: [] };
      }),
  },
];

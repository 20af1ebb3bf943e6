import { MAX_PAGE_LIMIT, OFFSET_LIMIT } from '../limits.ts';
import { editingRow, type Fault, faultRow } from './fault.ts';
import { type Json, type Route, remembering, rewriteError, rewriteResponse } from './hooks.ts';
import { digitsParam, HARD, LIMIT, LISTINGS, OFFSET, SOFT } from './routes.ts';

const soft = editingRow(SOFT);

/** Replaces the page parameters of a listing link (absolute or relative). */
function relink(link: string | null, params: Record<string, number>): string | null {
  if (link === null) return null;
  const url = new URL(link, 'http://relative.invalid');
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, String(value));
  const text = `${url.pathname}${url.search}`.replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  return link.startsWith('/') ? text : `${url.origin}${text}`;
}

/** The page parameters of a listing request, when given as plain digits. */
type PageAsk = Partial<Record<'limit' | 'offset', number>>;

/**
 * Serves the listing for other page parameters (`rewrite`; undefined: the request as it is), then edits the
 * answer so that its meta.page tells the `reported` parameter asked for.
 */
const servedAs = (
  routes: readonly Route[],
  reported: keyof PageAsk | undefined,
  rewrite: (asked: PageAsk) => PageAsk | undefined,
) =>
  remembering(
    routes,
    (request) => {
      const query = request.query as Json;
      const original = { limit: digitsParam(request, LIMIT), offset: digitsParam(request, OFFSET) };
      const served = rewrite(original);
      if (!served) return undefined;
      if (served.limit !== undefined) query[LIMIT] = String(served.limit);
      if (served.offset !== undefined) query[OFFSET] = String(served.offset);
      return original;
    },
    (body, original) => {
      if (reported) body.meta.page[reported] = original[reported];
    },
  );

export const PAGINATION_FAULTS: Fault[] = [
  soft('listing-results-missing', 'PAGE-ENVELOPE')('Listings have no meta.results.', (body) => {
    delete body.meta.results;
  }),
  soft('empty-page-without-meta', 'PAGE-META-EMPTY')(
    `A listing page with no records (at most ${OFFSET_LIMIT} records in) has no meta.page.`,
    (body, request) => {
      if (body.data.length === 0 && (digitsParam(request, OFFSET) ?? 0) <= OFFSET_LIMIT)
        delete body.meta.page;
    },
  ),
  faultRow('limit-plus-one', 'PAGE-LIMIT')(
    'page[limit]=n answers n + 1 records (and says limit n).',
    servedAs(SOFT, 'limit', (asked) =>
      asked.limit !== undefined && asked.limit < MAX_PAGE_LIMIT ? { limit: asked.limit + 1 } : undefined,
    ),
    {
      'PAGE-LINKS':
        'The page is served as limit n + 1, so its links carry page[limit]=n + 1, not the n asked for.',
      'PAGE-PREV-NEXT': 'links.next points at offset n + 1, which is not the neighbouring page of limit n.',
      'PAGE-COUNTS': 'meta.page.total and current are those of limit n + 1 while meta.page.limit says n.',
    },
  ),
  soft('offset-in-pages', 'PAGE-OFFSET')('meta.page.offset counts pages, not records.', (body) => {
    body.meta.page.offset = Math.floor(body.meta.page.offset / body.meta.page.limit);
  }),
  faultRow('offset-ignored', 'PAGE-OFFSET')(
    'page[offset] is ignored: every page starts at the first record (meta.page.offset still echoes it).',
    servedAs(SOFT, 'offset', (asked) => (asked.offset ? { offset: 0 } : undefined)),
    {
      'PAGE-LINKS': 'links.current is built from the offset served (0), not the offset asked for.',
      'PAGE-PREV-NEXT':
        'Every page is the first: links.prev is null and links.next points past it, on every page.',
      'PAGE-WALK':
        "Following links.next from the first page visits the first page's records again and again.",
      'PAGE-COUNTS': 'meta.page.current is that of offset 0, not of the offset asked for.',
    },
  ),
  soft('links-without-page-params', 'PAGE-LINKS')(
    'links.current, links.first and links.last carry no page parameters.',
    (body) => {
      for (const key of ['current', 'first', 'last']) body.links[key] = body.links[key].split('?')[0];
    },
  ),
  soft('first-link-current-offset', 'PAGE-LINKS')(
    'links.first carries the current offset instead of 0.',
    (body) => {
      body.links.first = body.links.current;
    },
  ),
  soft('prev-on-first-page', 'PAGE-PREV-NEXT')(
    'links.prev on the first page points at it instead of null.',
    (body) => {
      if (body.links.prev === null) body.links.prev = body.links.first;
    },
  ),
  soft('next-on-last-page', 'PAGE-PREV-NEXT')(
    'links.next on the last page points at it instead of null.',
    (body) => {
      if (body.links.next === null) body.links.next = body.links.current;
    },
  ),
  faultRow('next-skips-a-record', 'PAGE-WALK')(
    'links.next skips one record (offset + limit + 1).',
    rewriteResponse(SOFT, (body) => {
      const { offset, limit } = body.meta.page;
      if (body.links.next !== null)
        body.links.next = relink(body.links.next, { [OFFSET]: offset + limit + 1 });
    }),
    { 'PAGE-PREV-NEXT': 'links.next points one record past the neighbouring page.' },
  ),
  soft('results-total-off-by-one', 'PAGE-COUNTS')(
    'meta.results.total is one more than the records.',
    (body) => {
      body.meta.results.total += 1;
    },
  ),
  soft('page-current-zero-based', 'PAGE-COUNTS')('meta.page.current counts from 0.', (body) => {
    body.meta.page.current -= 1;
  }),
  faultRow('default-limit-25', 'PAGE-DEFAULT-LIMIT')(
    'Without page[limit], pages hold 25 records.',
    servedAs(SOFT, undefined, (asked) => (asked.limit === undefined ? { limit: 25 } : undefined)),
  ),
  faultRow('no-max-limit', 'PAGE-MAX-LIMIT')(
    `page[limit] above ${MAX_PAGE_LIMIT} is accepted and echoed in meta.page.limit.`,
    servedAs(LISTINGS, 'limit', (asked) =>
      (asked.limit ?? 0) > MAX_PAGE_LIMIT ? { limit: MAX_PAGE_LIMIT } : undefined,
    ),
  ),
  faultRow('hard-offset-unlimited', 'PAGE-OFFSET-HARD')(
    `/v2/orders and /v2/files serve page[offset] above ${OFFSET_LIMIT}.`,
    servedAs(HARD, 'offset', (asked) =>
      (asked.offset ?? 0) > OFFSET_LIMIT ? { offset: OFFSET_LIMIT } : undefined,
    ),
  ),
  soft('soft-offset-bare', 'PAGE-OFFSET-SOFT')(
    `page[offset] above ${OFFSET_LIMIT} on categories and products answers 200 with only { data: [] }.`,
    (body, request) => {
      if ((digitsParam(request, OFFSET) ?? 0) > OFFSET_LIMIT) {
        delete body.links;
        delete body.meta;
      }
    },
  ),
  faultRow('bad-page-params-bare', 'PAGE-BAD-PARAMS')(
    'An unusable page[limit] or page[offset] answers 200 with only { data: [] } instead of 4xx.',
    rewriteError(SOFT, (body, _request, reply) => {
      if (reply.statusCode !== 400 || body?.errors?.[0]?.title !== 'Invalid Query Parameter') return;
      reply.code(200);
      return { data: [] };
    }),
  ),
];

/** Depth faults of the listings (§2.5, §4.3, §8): wrong only at rarer page parameters or spellings. */
import type { FastifyRequest } from 'fastify';
import { apiError } from '../../errors.ts';
import { MAX_PAGE_LIMIT, OFFSET_LIMIT } from '../../limits.ts';
import { editingRow, type Fault, gateFaultRow } from '../fault.ts';
import {
  answerInstead,
  beforeHandler,
  type Json,
  type Route,
  remembering,
  rewriteResponse,
} from '../hooks.ts';
import { answerPage, listingOf, withOffset } from '../pages.ts';
import { digitsParam, HARD, LIMIT, OFFSET, PRODUCTS, rawQuery, SOFT } from '../routes.ts';

/** The explicit page length above which `explicit-limit-capped-50` serves this many records. */
export const WRONG_MAXIMUM = 50;
/** 2^31: the first offset that does not fit a signed 32-bit integer. */
export const INT32_OVERFLOW = 2 ** 31;

/** The shortest explicit page length at which `later-pages-start-one-early` serves pages one record early. */
export const SHIFTED_FROM_LENGTH = 2;

/** A page parameter given as plain digits, as a safe integer; otherwise undefined. */
const pageParam = (request: FastifyRequest, key: string) => digitsParam(request, key, true);

/** The `{ type, id }` keys of every record that the relationships of `records` name. */
function related(records: Json[]): Set<string> {
  const linked = records.flatMap((record) =>
    Object.values(record.relationships ?? {}).flatMap((relationship: Json) => relationship?.data || []),
  );
  return new Set(linked.map((item: Json) => `${item.type} ${item.id}`));
}

/** Drops the groups of `included` that no record of `body.data` relates to (`included` when none is left). */
function keepIncludedOf(body: Json): void {
  if (body.included === undefined) return;
  const kept = related(body.data);
  for (const [name, items] of Object.entries(body.included as Record<string, Json[]>)) {
    const left = items.filter((item) => kept.has(`${item.type} ${item.id}`));
    if (left.length > 0) body.included[name] = left;
    else delete body.included[name];
  }
  if (Object.keys(body.included).length === 0) delete body.included;
}

/**
 * A page after the first (`page[offset]` at least the limit), at an explicit page length of at least
 * `fromLength`, served from `shift` records away from the offset asked for (an off-by-one keyset bound), cut
 * to the number of records the page asked for holds, with the meta and links of the page asked for, and an
 * `included` section of the records served.
 */
const laterPagesShifted = (shift: -1 | 1, fromLength: number) =>
  answerInstead(SOFT, (request, reply, ctx) => {
    const limit = pageParam(request, LIMIT);
    const offset = pageParam(request, OFFSET);
    if (limit === undefined || offset === undefined) return undefined;
    if (limit < fromLength || limit > MAX_PAGE_LIMIT || offset < limit || offset > OFFSET_LIMIT) return;
    const { rows } = listingOf(request, ctx);
    const served = rows.slice(offset + shift, limit, ctx.options.listingOrder === 'newest-first');
    const held = Math.max(0, Math.min(limit, rows.size - offset));
    return answerPage(request, reply, ctx, { limit, offset }, served.slice(0, held));
  });

/** Serves a listing at the default page length when `when` (as if no `page[limit]`). */
const limitIgnored = (routes: readonly Route[], when: (request: FastifyRequest) => boolean) =>
  beforeHandler(routes, (request) => {
    if (when(request)) delete (request.query as Json)[LIMIT];
  });

const deepSoft = editingRow(SOFT, 'deep');

export const DEPTH_PAGINATION_FAULTS: Fault[] = [
  gateFaultRow('encoded-limit-ignored', 'PAGE-LIMIT')(
    'page[limit] spelt with percent-encoded brackets (page%5Blimit%5D=n) is ignored: the page is served at the default length (meta and links say so).',
    limitIgnored(SOFT, (request) => /page%5Blimit%5D=/i.test(request.url)),
  ),
  gateFaultRow('limit-ignored-after-offset', 'PAGE-LIMIT')(
    'page[limit] is ignored when page[offset] comes before it in the query: the page is served at the default length (meta and links say so).',
    limitIgnored(SOFT, (request) => {
      // The query parameter names in the order sent, decoded (`page%5Blimit%5D` is `page[limit]`).
      const names = [...new URLSearchParams(rawQuery(request)).keys()];
      const offset = names.indexOf(OFFSET);
      return offset >= 0 && names.indexOf(LIMIT) > offset;
    }),
  ),
  gateFaultRow('limit-ignored-with-include', 'PAGE-LIMIT')(
    'On /v2/products, page[limit] is ignored when include is given: the page is served at the default length (meta and links say so).',
    limitIgnored([PRODUCTS], (request) => (request.query as Json).include !== undefined),
  ),
  gateFaultRow('explicit-limit-capped-50', 'PAGE-LIMIT')(
    `An explicit page[limit] from ${WRONG_MAXIMUM + 1} to ${MAX_PAGE_LIMIT} is served as ${WRONG_MAXIMUM} (a wrong maximum page length; meta and links say ${WRONG_MAXIMUM}), the default of ${MAX_PAGE_LIMIT} is not.`,
    beforeHandler([...SOFT, ...HARD], (request) => {
      const limit = pageParam(request, LIMIT);
      if (limit !== undefined && limit > WRONG_MAXIMUM && limit <= MAX_PAGE_LIMIT)
        (request.query as Json)[LIMIT] = String(WRONG_MAXIMUM);
    }),
  ),
  gateFaultRow('next-from-page-number', 'PAGE-PREV-NEXT')(
    'links.next is set when meta.page.current < meta.page.total and names the start of the next page number: right on aligned pages, but set on a last page whose offset is not a multiple of the limit when a page boundary falls inside it.',
    rewriteResponse(SOFT, (body) => {
      const { current, total, limit } = body.meta.page;
      body.links.next = current < total ? withOffset(body.links.current, current * limit) : null;
    }),
  ),
  deepSoft('empty-page-at-total-without-meta', 'PAGE-META-EMPTY')(
    'The page whose offset is exactly meta.results.total (empty, right at the end) has no meta.page; pages further past the end have it.',
    (body) => {
      if (body.data.length === 0 && body.meta.page.offset === body.meta.results.total) delete body.meta.page;
    },
  ),
  gateFaultRow('hard-offset-int32-wrap', 'PAGE-OFFSET-HARD')(
    `/v2/orders and /v2/files check the offset limit on the offset cut to 32 bits (offset | 0): an offset from 2^31 whose low 32 bits are at most ${OFFSET_LIMIT} is served (from the first record) instead of rejected.`,
    remembering(
      HARD,
      (request) => {
        const offset = pageParam(request, OFFSET);
        if (offset === undefined || offset < INT32_OVERFLOW || (offset | 0) > OFFSET_LIMIT) return undefined;
        (request.query as Json)[OFFSET] = String(Math.max(0, offset | 0));
        return offset;
      },
      (body, offset) => {
        body.meta.page.offset = offset;
      },
    ),
  ),
  gateFaultRow('soft-offset-int32-overflow', 'HTTP-NO-5XX')(
    'page[offset] from 2^31 on /v2/categories and /v2/products crashes the server (500: the offset overflows a 32-bit database column).',
    answerInstead(SOFT, (request) => {
      if ((pageParam(request, OFFSET) ?? 0) < INT32_OVERFLOW) return undefined;
      return apiError('INTERNAL', 'value out of range for type integer');
    }),
  ),
  gateFaultRow('later-pages-start-one-early', 'PAGE-WALK')(
    `At an explicit page[limit] of ${SHIFTED_FROM_LENGTH} or more, a page after the first (page[offset] at least the limit) starts one record early: its first record is the last of the page before it, and the listing's last record is never served. Each page says what was asked for (meta, links) and holds as many records as it should.`,
    laterPagesShifted(-1, SHIFTED_FROM_LENGTH),
  ),
  gateFaultRow('later-pages-start-one-late', 'PAGE-WALK')(
    'At an explicit page[limit], a page after the first (page[offset] at least the limit) starts one record late: a walk never visits the record at the start of its second page, and its last page holds one record fewer. Each page says what was asked for (meta, links).',
    laterPagesShifted(1, 1),
  ),
  gateFaultRow('next-null-one-record-left', 'PAGE-PREV-NEXT')(
    'links.next is null on a page after which exactly one record is left (the page looks like the last one; meta.results.total still counts the record).',
    rewriteResponse(SOFT, (body) => {
      const { offset } = body.meta.page;
      if (body.meta.results.total - (offset + body.data.length) === 1) body.links.next = null;
    }),
    {
      'PAGE-WALK': 'Following links.next stops one record before the end: the last record is never visited.',
    },
  ),
  deepSoft('odd-limit-drops-last-record', 'PAGE-WALK')(
    "At an odd explicit page[limit], the page that should hold the listing's last record leaves it out (meta and links unchanged): a walk at an odd page length never visits it.",
    (body, request) => {
      const limit = pageParam(request, LIMIT);
      if (limit === undefined || limit % 2 === 0) return;
      const { offset } = body.meta.page;
      const last = body.meta.results.total - 1;
      if (last >= offset && last < offset + body.data.length) {
        body.data = body.data.filter((_: Json, i: number) => offset + i !== last);
        keepIncludedOf(body);
      }
    },
  ),
];

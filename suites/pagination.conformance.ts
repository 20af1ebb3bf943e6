/**
 * Listings and pagination (§2.3–§2.5, §4.3, §8): `GET /v2/categories` and `GET /v2/products`.
 *
 * The target may hold any number of categories and products besides the suite's own, in any order, and other
 * clients (the other suites among them) may create and delete records while these checks run. So:
 * - the run first makes 3 categories and 3 products of its own (nothing in read-only mode), so that each
 *   listing has a middle page at a small page length;
 * - the checks reason about the whole listing through `meta` and the links, never about "the suite's records"
 *   (except that a full walk must visit them);
 * - what compares several requests (PAGE-OFFSET, PAGE-WALK, PAGE-COUNTS of a walk) is settled: a discrepancy
 *   counts only when the same requests, sent again, answer the same records (the listing held still); when
 *   the listing changed during every attempt (3), the comparison is skipped with that reason;
 * - the number of requests does not grow with the listing. Per listing: one page without parameters; a walk
 *   of 3 to 4 pages whose length is chosen from `meta.results.total` (up to 5 when the listing grew
 *   meanwhile; a listing of more than 500 records is walked over its first 3 pages, then the page that
 *   `links.last` names); two pages for the offset; one page past the end; one above the maximum limit; one
 *   above the soft offset limit. On categories only: the 7 malformed parameter values and `page[limit]=1000`.
 *   And the two hard offset limits (orders, files). About 28 reads in all, plus 6 creates and 6 deletes.
 *
 * Shared requests are sent once (memoised with `once`) and every check asserts on the recorded answers.
 */
import { describe } from 'vitest';
import { check } from '../helpers/check/check.ts';
import type { CheckContext } from '../helpers/check/context.ts';
import { PrerequisiteError, show } from '../helpers/check/failure.ts';
import { createCategory, createProduct } from '../helpers/fixtures/create.ts';
import { once } from '../helpers/fixtures/once.ts';
import { type ApiResponse, isObject } from '../helpers/http/response.ts';
import type { Expectation } from '../helpers/listing/expect.ts';
import {
  countExpectations,
  limitExpectations,
  linkExpectations,
  offsetExpectations,
  prevNextExpectations,
} from '../helpers/listing/expect.ts';
import {
  missingPaginationMeta,
  type PageView,
  pagePath,
  sameSequence,
  viewPage,
} from '../helpers/listing/page.ts';
import { type Settled, settle } from '../helpers/listing/settle.ts';
import {
  MAX_PAGE_LIMIT,
  type Walk,
  walkedPages,
  walkLimit,
  walkListing,
  walkProblems,
  walkSignature,
} from '../helpers/listing/walk.ts';
import { suiteRun } from '../helpers/run/suite.ts';

const { info, api, cleanup } = suiteRun();

/** §8: the soft (categories, products) and hard (orders, files) offset limit. */
const OFFSET_LIMIT = 10_000;
/** How many records of each kind the run makes: enough for a middle page at page[limit]=1. */
const OWN_RECORDS = 3;
/** The offset pair of PAGE-OFFSET: the page at offset 1 (limit 2) is the page at offset 0 (limit 3) without its first record. */
const PAIR_A = { limit: 3, offset: 0 } as const;
const PAIR_B = { limit: 2, offset: 1 } as const;

interface Listing {
  readonly endpoint: string;
  /** The `type` of its records. */
  readonly kind: 'category' | 'product';
  readonly schemaRule: 'CAT-SCHEMA' | 'PRD-SCHEMA';
  readonly create: () => Promise<{ id: string }>;
}

const LISTINGS: readonly Listing[] = [
  {
    endpoint: '/v2/categories',
    kind: 'category',
    schemaRule: 'CAT-SCHEMA',
    create: () => createCategory(api, info.runTag, cleanup),
  },
  {
    endpoint: '/v2/products',
    kind: 'product',
    schemaRule: 'PRD-SCHEMA',
    create: () => createProduct(api, info.runTag, cleanup),
  },
];

interface OffsetPair {
  readonly a: ApiResponse;
  readonly b: ApiResponse;
}

/** A page of a listing as the checks look at it: the answer, the page it asked for, and what it says. */
interface SeenPage {
  readonly response: ApiResponse;
  readonly asked: { limit: number; offset: number };
  readonly view: PageView;
  /** What a walk showed: records follow this page (false), or it is the end (true); undefined: not known. */
  readonly endReached?: boolean | undefined;
}

function seen(response: ApiResponse, asked: { limit: number; offset: number }): SeenPage {
  return { response, asked, view: viewPage(response.json) };
}

/** PAGE-OFFSET across the pair: page B must hold records 2 and 3 of page A, in the same order. */
function pairDiscrepancies({ a, b }: OffsetPair): string[] {
  const va = viewPage(a.json);
  const vb = viewPage(b.json);
  // Not listings: judged per response by the checks, nothing to compare.
  if (!a.ok || !b.ok || va.data === undefined || vb.data === undefined) return [];
  const expected = va.ids.slice(PAIR_B.offset, PAIR_B.offset + PAIR_B.limit);
  if (sameSequence(vb.ids, expected)) return [];
  return [
    `page[offset]=${PAIR_B.offset}&page[limit]=${PAIR_B.limit} answered the ids ${show(vb.ids)}, but the page at offset 0 (page[limit]=${PAIR_A.limit}) is ${show(va.ids)}: skipping ${PAIR_B.offset} record leaves ${show(expected)}`,
  ];
}

function pairSignature({ a, b }: OffsetPair): string {
  const va = viewPage(a.json);
  const vb = viewPage(b.json);
  return JSON.stringify([a.status, b.status, va.resultsTotal, vb.resultsTotal, va.ids, vb.ids]);
}

/** The shared requests on one listing, each sent once. */
function probes(listing: Listing) {
  const { endpoint } = listing;

  /**
   * The run's own records of this kind (none in read-only mode). When they cannot be made, the checks still
   * look at whatever the target holds (as in read-only mode), and name the failure where the listing is too
   * small for them.
   */
  const own = once(async (): Promise<{ ids: string[]; failure?: string }> => {
    if (info.readOnly) return { ids: [] };
    const settledCreates = await Promise.allSettled(
      Array.from({ length: OWN_RECORDS }, () => listing.create()),
    );
    const ids = settledCreates.flatMap((r) => (r.status === 'fulfilled' ? [r.value.id] : []));
    const rejected = settledCreates.find((r) => r.status === 'rejected');
    if (rejected === undefined) return { ids };
    if (!(rejected.reason instanceof PrerequisiteError)) throw rejected.reason;
    return { ids, failure: rejected.reason.message };
  });
  const ownIds = async (): Promise<string[]> => (await own()).ids;
  /** ` (and the run could not make …)`, to add to a skip reason about a listing that is too small. */
  const ownFailure = async (): Promise<string> => {
    const { failure } = await own();
    return failure === undefined ? '' : ` (and the run could not make records of its own: ${failure})`;
  };

  /** The listing without page parameters, after the own records were made (or could not be). */
  const plain = once(async () => {
    await own();
    return api.get(endpoint);
  });

  /** `meta.results.total` of the plain listing; throws a prerequisite error when it cannot be read. */
  const total = once(async () => {
    const response = await plain();
    const value = viewPage(response.json).resultsTotal;
    if (!response.ok || value === undefined) {
      throw new PrerequisiteError(
        `the size of the listing is unknown: GET ${endpoint} answered ${response.status} without an integer meta.results.total`,
      );
    }
    return value;
  });

  /** The walk (PAGE-WALK, PAGE-COUNTS, PAGE-PREV-NEXT…), settled against concurrent changes. */
  const walk = once(async (): Promise<Settled<Walk<ApiResponse>>> => {
    const ids = await ownIds();
    const size = await total();
    if (size === 0) {
      throw new PrerequisiteError(
        `the listing ${endpoint} is empty: there is nothing to walk${await ownFailure()}`,
      );
    }
    const limit = walkLimit(size);
    return settle({
      attempt: () => walkListing({ endpoint, baseUrl: info.baseUrl, limit, fetch: (path) => api.get(path) }),
      problems: (value) => {
        const found = walkProblems(value, ids);
        return [...found.walk, ...found.counts];
      },
      signature: walkSignature,
    });
  });

  /** The offset pair of PAGE-OFFSET, settled against concurrent changes. */
  const pair = once(async (): Promise<Settled<OffsetPair>> => {
    await own();
    return settle({
      attempt: async () => ({
        a: await api.get(pagePath(endpoint, PAIR_A)),
        b: await api.get(pagePath(endpoint, PAIR_B)),
      }),
      problems: pairDiscrepancies,
      signature: pairSignature,
    });
  });

  /** A page past the end (results.total + 100), when that is within the soft offset limit. */
  const pastEnd = once(async () => {
    const size = await total();
    const offset = size + 100;
    if (offset > OFFSET_LIMIT) {
      throw new PrerequisiteError(
        `the listing holds ${size} records: an offset past its end would be above the soft offset limit of ${OFFSET_LIMIT} (§8)`,
      );
    }
    return { offset, response: await api.get(pagePath(endpoint, { limit: 5, offset })) };
  });

  /**
   * Every page of the walk (through links.next, and the last page of a partial walk) with the page it asked
   * for, and whether the walk showed that records follow it (a non-empty next page) or that it is the end
   * (the page after it is empty).
   */
  const walkPages = async (
    t: CheckContext,
  ): Promise<{ settled: Settled<Walk<ApiResponse>>; pages: SeenPage[] }> => {
    const settled = await walk();
    const value = settled.value;
    t.attach(...walkedPages(value).map((page) => page.response));
    const through = value.pages.map((page, i) => {
      const following = value.pages[i + 1];
      let endReached: boolean | undefined;
      if (following !== undefined && (following.view.data?.length ?? 0) > 0) endReached = false;
      if (following === undefined && value.after !== undefined && value.after.view.data?.length === 0) {
        endReached = true;
      }
      return { page, endReached };
    });
    const pages = [...through, ...(value.last ? [{ page: value.last, endReached: undefined }] : [])]
      .filter(({ page }) => page.offset !== undefined)
      .map(({ page, endReached }) => ({
        response: page.response,
        asked: { limit: value.limit, offset: page.offset as number },
        view: page.view,
        endReached,
      }));
    return { settled, pages };
  };

  /** The two pages of the offset pair (last attempt). */
  const pairPages = async (t: CheckContext): Promise<{ settled: Settled<OffsetPair>; pages: SeenPage[] }> => {
    const settled = await pair();
    t.attach(settled.value.a, settled.value.b);
    return { settled, pages: [seen(settled.value.a, PAIR_A), seen(settled.value.b, PAIR_B)] };
  };

  /**
   * Every record of the pages fetched anyway (the plain listing, the offset pair, the walk), each once, with
   * the answer it came in; pages that could not be fetched or are not 2xx listings are left out.
   */
  const records = async (
    t: CheckContext,
  ): Promise<{ item: unknown; where: string; response: ApiResponse }[]> => {
    const answers: ApiResponse[] = [await plain()];
    try {
      answers.push(...(await pairPages(t)).pages.map((page) => page.response));
    } catch (error) {
      if (!(error instanceof PrerequisiteError)) throw error;
    }
    answers.push(...(await walkPagesIfAny(t)).map((page) => page.response));
    const ids = new Set<string>();
    const out: { item: unknown; where: string; response: ApiResponse }[] = [];
    for (const response of answers) {
      const data = response.data;
      if (!response.ok || !Array.isArray(data)) continue;
      t.attach(response);
      const url = new URL(response.exchange.request.url);
      data.forEach((item, i) => {
        const id = isObject(item) && typeof item.id === 'string' ? item.id : undefined;
        if (id !== undefined && ids.has(id)) return;
        if (id !== undefined) ids.add(id);
        out.push({
          item,
          where: `data[${i}] of GET ${url.pathname}${decodeURIComponent(url.search)}`,
          response,
        });
      });
    }
    return out;
  };

  /** The walk's pages, or none when the walk could not be made (an empty listing…). */
  const walkPagesIfAny = async (t: CheckContext): Promise<SeenPage[]> => {
    try {
      return (await walkPages(t)).pages;
    } catch (error) {
      if (error instanceof PrerequisiteError) return [];
      throw error;
    }
  };

  return {
    ownIds,
    ownFailure,
    plain,
    total,
    walk,
    pair,
    pastEnd,
    walkPages,
    walkPagesIfAny,
    pairPages,
    records,
  };
}

/** Asserts a list of expectations on one answer. */
function assertAll(
  t: CheckContext,
  expectations: readonly Expectation[],
  response: ApiResponse,
  where: string,
): void {
  for (const e of expectations) t.assert(e.ok, `${e.expected} (${where})`, e.actual, response);
}

function describePage(page: SeenPage): string {
  return `page[limit]=${page.asked.limit}&page[offset]=${page.asked.offset}`;
}

/** The answer is 2xx and a listing (a `data` array); the per-page checks need both. */
function expectListing(t: CheckContext, page: SeenPage): void {
  t.expectStatus(page.response, '2xx');
  t.expectArray(page.view.data, `data (${describePage(page)})`, page.response);
}

/** The walk's verdict on one rule's discrepancies: passed, failed (reproduced) or skipped (the listing kept changing). */
function judgeSettled<T>(
  t: CheckContext,
  settled: Settled<T>,
  problems: readonly string[],
  expected: string,
  response: ApiResponse,
): void {
  if (problems.length > 0 && settled.outcome === 'unsettled') {
    t.skip(
      `the listing changed during every attempt (${settled.attempts}), so the requests could not be compared; last discrepancy: ${problems[0]}`,
    );
  }
  t.assert(problems.length === 0, expected, () => problems.join('; '), response);
}

/** 4xx, or a 2xx answer with a valid listing envelope (PAGE-OFFSET-SOFT, PAGE-BAD-PARAMS). */
function expectRejectedOrListing(t: CheckContext, response: ApiResponse): void {
  if (response.statusClass === '4xx') {
    t.expectStatus(response, '4xx');
    return;
  }
  t.assert(
    response.ok,
    '4xx, or 2xx with a valid listing envelope',
    () => `${response.status} ${response.text.slice(0, 200)}`,
    response,
  );
  t.expectSchema(response.json, 'listing-envelope', 'the body', response);
}

/** 4xx, or 2xx with at most 100 records and meta.page.limit at most 100 (PAGE-MAX-LIMIT). */
function expectMaxLimit(t: CheckContext, response: ApiResponse): void {
  if (response.statusClass === '4xx') {
    t.expectStatus(response, '4xx');
    return;
  }
  t.assert(
    response.ok,
    `4xx, or 2xx with at most ${MAX_PAGE_LIMIT} records`,
    () => `${response.status} ${response.text.slice(0, 200)}`,
    response,
  );
  const view = viewPage(response.json);
  t.assert(
    view.data !== undefined && view.data.length <= MAX_PAGE_LIMIT,
    `at most ${MAX_PAGE_LIMIT} records in data`,
    view.data === undefined ? 'no data array' : `${view.data.length} records`,
    response,
  );
  t.assert(
    view.limit !== undefined && view.limit <= MAX_PAGE_LIMIT,
    `meta.page.limit an integer of at most ${MAX_PAGE_LIMIT}`,
    show(view.limit),
    response,
  );
}

for (const listing of LISTINGS) {
  const p = probes(listing);
  const { endpoint } = listing;

  describe.concurrent(`listing ${endpoint}`, () => {
    check(
      'PAGE-ENVELOPE',
      `GET ${endpoint} (no parameters, and two small pages) answers the listing envelope`,
      async (t) => {
        const plain = await p.plain();
        t.attach(plain);
        t.expectStatus(plain, '2xx');
        t.expectSchema(plain.json, 'listing-envelope', `the body of GET ${endpoint}`, plain);
        const { pages } = await p.pairPages(t);
        for (const page of pages) {
          t.expectStatus(page.response, '2xx');
          t.expectSchema(
            page.response.json,
            'listing-envelope',
            `the body (${describePage(page)})`,
            page.response,
          );
        }
      },
    );

    check(
      'PAGE-DEFAULT-LIMIT',
      `GET ${endpoint} without page[limit] answers meta.page.limit = the default page length (configured: ${info.defaultPageLimit})`,
      async (t) => {
        const plain = await p.plain();
        t.attach(plain);
        t.expectStatus(plain, '2xx');
        t.expectEqual(viewPage(plain.json).limit, info.defaultPageLimit, 'meta.page.limit', plain);
      },
    );

    check(
      listing.schemaRule,
      `every ${listing.kind} of the pages of GET ${endpoint} fetched (default length, offset pair, walk) matches the ${listing.kind} schema`,
      async (t) => {
        const seenRecords = await p.records(t);
        t.need(
          seenRecords.length > 0,
          `no ${listing.kind} to look at: the listing is empty, or no page answered 2xx${await p.ownFailure()}`,
        );
        for (const { item, where, response } of seenRecords)
          t.expectSchema(item, listing.kind, where, response);
      },
    );

    check(
      'ENV-TYPE',
      `every record of the pages of GET ${endpoint} fetched has type "${listing.kind}"`,
      async (t) => {
        const seenRecords = await p.records(t);
        t.need(
          seenRecords.length > 0,
          `no record to look at: the listing is empty, or no page answered 2xx${await p.ownFailure()}`,
        );
        for (const { item, where, response } of seenRecords) {
          t.expectEqual(isObject(item) ? item.type : undefined, listing.kind, `${where}.type`, response);
        }
      },
    );

    check('PAGE-RESULTS-ALL', `whether GET ${endpoint} has meta.results.all, and its value`, async (t) => {
      const plain = await p.plain();
      t.attach(plain);
      const meta = isObject(plain.json) && isObject(plain.json.meta) ? plain.json.meta : undefined;
      const results = meta && isObject(meta.results) ? meta.results : undefined;
      t.observe('status', plain.status);
      t.observe('present', results !== undefined && 'all' in results);
      t.observe('value', results?.all);
      t.observe('results.total', results?.total);
    });

    check(
      'PAGE-LIMIT',
      `page[limit]=${PAIR_A.limit}, =${PAIR_B.limit} and the walk's limit answer at most that many records and meta.page.limit = the limit`,
      async (t) => {
        const pair = await p.pairPages(t);
        for (const page of [...pair.pages, ...(await p.walkPagesIfAny(t))]) {
          expectListing(t, page);
          assertAll(t, limitExpectations(page.view, page.asked), page.response, describePage(page));
        }
      },
    );

    check(
      'PAGE-OFFSET',
      `page[offset]=${PAIR_B.offset} skips ${PAIR_B.offset} record (the page equals the page at offset 0 without its first record) and meta.page.offset is the offset asked for`,
      async (t) => {
        const { settled, pages } = await p.pairPages(t);
        for (const page of pages) {
          expectListing(t, page);
          assertAll(t, offsetExpectations(page.view, page.asked), page.response, describePage(page));
        }
        const [a] = pages as [SeenPage, SeenPage];
        t.need(
          (a.view.data?.length ?? 0) >= 2,
          `the listing ${endpoint} holds fewer than 2 records: skipping a record cannot be compared${await p.ownFailure()}`,
        );
        judgeSettled(
          t,
          settled,
          pairDiscrepancies(settled.value),
          `the page at offset ${PAIR_B.offset} (limit ${PAIR_B.limit}) to hold records 2 and 3 of the page at offset 0 (limit ${PAIR_A.limit}), in the same order`,
          settled.value.b,
        );
      },
    );

    check(
      'PAGE-OFFSET',
      `meta.page.offset is the offset asked for on every page of the walk (records, not pages)`,
      async (t) => {
        const { pages } = await p.walkPages(t);
        for (const page of pages) {
          expectListing(t, page);
          assertAll(t, offsetExpectations(page.view, page.asked), page.response, describePage(page));
        }
      },
    );

    check(
      'PAGE-LINKS',
      'links.current, .first and .last carry page[limit] and page[offset]; first at offset 0, current at the offset asked for (walk pages and offset 1)',
      async (t) => {
        const pair = await p.pairPages(t);
        for (const page of [...(await p.walkPagesIfAny(t)), ...pair.pages]) {
          expectListing(t, page);
          assertAll(
            t,
            linkExpectations(page.view, page.asked, info.baseUrl),
            page.response,
            describePage(page),
          );
        }
      },
    );

    check(
      'PAGE-PREV-NEXT',
      'links.prev is null on the first page, links.next null on the last, and elsewhere they name the neighbouring pages (walk pages)',
      async (t) => {
        // Only the walk's pages: it knows which of them records follow, so that a wrong results.total
        // (PAGE-COUNTS) is not taken for a wrong links.next.
        const walk = await p.walkPages(t);
        for (const page of walk.pages) {
          expectListing(t, page);
          assertAll(
            t,
            prevNextExpectations(page.view, page.asked, info.baseUrl, { endReached: page.endReached }),
            page.response,
            describePage(page),
          );
        }
      },
    );

    check(
      'PAGE-WALK',
      'following links.next from the first page visits every record exactly once (in full up to 500 records; beyond, the first 3 pages and then links.last)',
      async (t) => {
        const { settled } = await p.walkPages(t);
        const walk = settled.value;
        const own = await p.ownIds();
        t.observe('walk', {
          limit: walk.limit,
          mode: walk.mode,
          pages: walk.pages.length + (walk.last ? 1 : 0),
          attempts: settled.attempts,
        });
        const lastPage = walkedPages(walk).at(-1) as { response: ApiResponse };
        judgeSettled(
          t,
          settled,
          walkProblems(walk, own).walk,
          walk.mode === 'full'
            ? `a walk with page[limit]=${walk.limit} through links.next to visit every record once${own.length > 0 ? ", the run's own records included" : ''}`
            : `the first ${walk.pages.length} pages (page[limit]=${walk.limit}) through links.next to hold distinct records, each links.next at the offset right after the page, and links.last to name a page of other records`,
          lastPage.response,
        );
      },
    );

    check(
      'PAGE-COUNTS',
      'meta.page.total = ceil(results.total / limit), meta.page.current = floor(offset / limit) + 1, and results.total = the records a full walk finds',
      async (t) => {
        const walk = await p.walkPages(t);
        const pair = await p.pairPages(t);
        for (const page of [...walk.pages, ...pair.pages]) {
          expectListing(t, page);
          assertAll(t, countExpectations(page.view, page.asked), page.response, describePage(page));
        }
        const own = await p.ownIds();
        const lastPage = walkedPages(walk.settled.value).at(-1) as { response: ApiResponse };
        judgeSettled(
          t,
          walk.settled,
          walkProblems(walk.settled.value, own).counts,
          walk.settled.value.mode === 'full'
            ? 'meta.results.total to equal the number of records a full walk finds (and to be the same on every page)'
            : 'the page that links.last names to hold the results.total - offset records left (and results.total the same on every page)',
          lastPage.response,
        );
      },
    );

    check(
      'PAGE-META-EMPTY',
      'a page past the end (offset results.total + 100) still has the pagination fields of meta',
      async (t) => {
        const { offset, response } = await p.pastEnd();
        t.attach(response);
        t.expectStatus(response, '2xx');
        const view = viewPage(response.json);
        const data = t.expectArray(view.data, 'data', response);
        t.need(
          data.length === 0,
          `the page at offset ${offset} is not empty (${data.length} records): the listing grew meanwhile, or the offset is not applied (PAGE-OFFSET)`,
        );
        const missing = missingPaginationMeta(response.json);
        t.assert(
          missing.length === 0,
          'meta.page.limit, .offset, .current, .total and meta.results.total as integers on an empty page',
          () =>
            `missing or not integers: ${missing.join(', ')}; meta: ${show(isObject(response.json) ? response.json.meta : undefined)}`,
          response,
        );
      },
    );

    check(
      'PAGE-MAX-LIMIT',
      `GET ${endpoint}?page[limit]=101 answers 4xx or at most 100 records`,
      async (t) => {
        expectMaxLimit(t, await t.api.get(pagePath(endpoint, { limit: MAX_PAGE_LIMIT + 1 })));
      },
    );

    check(
      'PAGE-OFFSET-SOFT',
      `GET ${endpoint}?page[offset]=${OFFSET_LIMIT + 1} answers 4xx or a valid listing envelope`,
      async (t) => {
        expectRejectedOrListing(t, await t.api.get(pagePath(endpoint, { offset: OFFSET_LIMIT + 1 })));
      },
    );
  });
}

describe.concurrent('pagination limits and parameters', () => {
  check(
    'PAGE-MAX-LIMIT',
    'GET /v2/categories?page[limit]=1000 answers 4xx or at most 100 records',
    async (t) => {
      expectMaxLimit(t, await t.api.get(pagePath('/v2/categories', { limit: 1000 })));
    },
  );

  for (const endpoint of ['/v2/orders', '/v2/files']) {
    check('PAGE-OFFSET-HARD', `GET ${endpoint}?page[offset]=${OFFSET_LIMIT + 1} answers 4xx`, async (t) => {
      t.expectStatus(await t.api.get(pagePath(endpoint, { offset: OFFSET_LIMIT + 1 })), '4xx');
    });
  }

  const badValues: readonly { param: 'limit' | 'offset'; value: string }[] = [
    { param: 'limit', value: '-1' },
    { param: 'limit', value: '0' },
    { param: 'limit', value: 'abc' },
    { param: 'limit', value: '1.5' },
    { param: 'offset', value: '-1' },
    { param: 'offset', value: 'abc' },
    { param: 'offset', value: '1.5' },
  ];
  for (const { param, value } of badValues) {
    check(
      'PAGE-BAD-PARAMS',
      `GET /v2/categories?page[${param}]=${value} answers 4xx or a valid listing envelope`,
      async (t) => {
        expectRejectedOrListing(t, await t.api.get(pagePath('/v2/categories', { [param]: value })));
      },
    );
  }
});

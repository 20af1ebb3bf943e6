/**
 * The probes of the pagination area (§2.5, §4.3, §8). They assert nothing: every answer is judged by the
 * exchange rules (`rules/pagination/`), which read each request's page parameters to know which rule judges
 * it (`helpers/listing/params.ts`); the shared requests the flows compare live here too. On each listing
 * (the target may hold any number of other records, in any order, changed by others meanwhile):
 * - 3 records of the run's own (none in read-only mode), for a middle page at a small page length (the
 *   products linked to the categories, for an included section under `include=categories`), then the page
 *   without parameters, once: its `meta.results.total` sizes the rest;
 * - walks through `links.next`, memoised per page length (PAGE-WALK, PAGE-COUNTS and PAGE-PREV-NEXT share
 *   them), and the offset pair of PAGE-OFFSET, each read while the run's own writes to the listing wait
 *   (`gate.ts`: the other suite files' creates and deletes come before or after it), and settled against
 *   another client's changes (`settle.ts`);
 * - the boundary pages relative to its total (`pages.ts`), every spelling, `include` on products; deep,
 *   generated pages (`pagination/categories`, `pagination/products`).
 * And the values beyond the limits of §8 and malformed ones (gate: `LIMIT_VALUES`; deep: one row each), sent
 * after the listing's page without parameters, so that their verdicts know whether its ordinary pages have
 * a valid listing envelope.
 */
import { PRODUCTS } from '../helpers/catalogue/endpoints.ts';
import { probe } from '../helpers/check/check.ts';
import { PrerequisiteError, show } from '../helpers/check/failure.ts';
import { sending } from '../helpers/http/journal.ts';
import type { ApiResponse } from '../helpers/http/response.ts';
import type { ExplorationName } from '../helpers/inputs/allocation.ts';
import { skipInput } from '../helpers/inputs/record.ts';
import { whileListingHolds } from '../helpers/listing/gate.ts';
import { pagePath, sameSequence, viewPage } from '../helpers/listing/page.ts';
import { type Settled, settle } from '../helpers/listing/settle.ts';
import { settleWalk, type Walk } from '../helpers/listing/walk.ts';
import { createCategory, createProduct, linkProductToCategory } from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import {
  boundaryPages,
  GENERATED_LIMITS,
  generatedPageClasses,
  generatedPages,
  LIMIT_VALUES,
  type PageRequest,
  pathOf,
  showRequest,
} from './pages.ts';

/** How many records of each kind the run makes: enough for a middle page at page[limit]=1. */
const OWN_RECORDS = 3;
/**
 * At most this many attempts of a comparison that shows a discrepancy (a consistent one costs one): other
 * suite files create and delete records in bursts, and a discrepancy counts once two attempts answer alike.
 */
const SETTLE_ATTEMPTS = 5;

/**
 * The offset pair of PAGE-OFFSET: the page at offset 1 (limit 2) is the page at offset 0 (at the default page
 * length, so that PAGE-DEFAULT-LIMIT judges it too) without its first record.
 */
export const PAIR = { a: { offset: 0 }, b: { limit: 2, offset: 1 } } as const;

/** The two pages of the offset pair (the last attempt) and their discrepancy, if any. */
export interface OffsetPair {
  readonly a: ApiResponse;
  readonly b: ApiResponse;
}

/** The shared requests on one listing. */
export interface ListingProbes {
  readonly endpoint: string;
  /** The page without parameters, after the run's records were made (or could not be). */
  readonly plain: () => Promise<ApiResponse>;
  /** Its `meta.results.total`; a prerequisite error when it has none. */
  readonly total: () => Promise<number>;
  /** The run's own records of the listing (none in read-only mode). */
  readonly ownIds: () => Promise<string[]>;
  /** ` (and the run could not make …)`, to add to a skip reason about a listing that is too small. */
  readonly ownFailure: () => Promise<string>;
  /** The walk at page length `limit`, settled; each length walked once. */
  readonly walk: (limit: number) => Promise<Settled<Walk<ApiResponse>>>;
  /** The offset pair, settled. */
  readonly pair: () => Promise<Settled<OffsetPair>>;
}

export interface PaginationProbes {
  readonly listings: readonly ListingProbes[];
}

/** PAGE-OFFSET across the pair: page B must hold records 2 and 3 of page A, in the same order. */
export function pairDiscrepancies({ a, b }: OffsetPair): string[] {
  const [va, vb] = [viewPage(a.json), viewPage(b.json)];
  // Not listings: the exchange rules judge each answer; nothing to compare.
  if (!a.ok || !b.ok || va.data === undefined || vb.data === undefined) return [];
  const expected = va.ids.slice(PAIR.b.offset, PAIR.b.offset + PAIR.b.limit);
  // Records beyond page B's limit are PAGE-LIMIT's failure, and page A may be shorter than 3 records (a
  // default page length of 2): the offset is judged on the records both pages should hold.
  if (sameSequence(vb.ids.slice(0, expected.length), expected)) return [];
  return [
    `page[offset]=${PAIR.b.offset}&page[limit]=${PAIR.b.limit} answered the ids ${show(vb.ids)}, but the page at offset 0 is ${show(va.ids)}: skipping ${PAIR.b.offset} record leaves ${show(expected)}`,
  ];
}

function listingProbes(run: SuiteRun, endpoint: string, categories?: () => Promise<string[]>): ListingProbes {
  const { info, api } = run;
  const own = once(async (): Promise<{ ids: string[]; failure?: string }> => {
    if (info.readOnly) return { ids: [] };
    const create = endpoint === PRODUCTS ? () => createProduct(run) : () => createCategory(run);
    const made = await Promise.allSettled(Array.from({ length: OWN_RECORDS }, create));
    const ids = made.flatMap((r) => (r.status === 'fulfilled' ? [r.value.id] : []));
    // Products linked to the run's categories: the pages asked with `include=categories` then have an
    // included section for the include rules to judge. A link the target refuses only judges less.
    const linkTo = (await categories?.()) ?? [];
    if (linkTo.length > 0) {
      await Promise.allSettled(
        ids.map((id, i) => linkProductToCategory(run, id, linkTo[i % linkTo.length] as string)),
      );
    }
    const rejected = made.find((r) => r.status === 'rejected');
    if (rejected === undefined) return { ids };
    if (!(rejected.reason instanceof PrerequisiteError)) throw rejected.reason;
    return { ids, failure: rejected.reason.message };
  });
  const plain = once(async () => {
    await own();
    // Sent once for every probe and flow that sizes its requests by it: attributed to none of them.
    const source = {
      kind: 'boundary',
      name: 'probe: the pages without parameters',
      input: `GET ${endpoint}`,
    } as const;
    return sending({ source }, () => api.get(endpoint));
  });
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
  const walks = new Map<number, Promise<Settled<Walk<ApiResponse>>>>();
  const walk = (limit: number) => {
    let walked = walks.get(limit);
    if (!walked) {
      walked = (async () => {
        const ownIds = (await own()).ids;
        const expectedTotal = await total();
        if (expectedTotal === 0) skipInput(`the listing ${endpoint} is empty: there is nothing to walk`);
        const fetch = (path: string) => api.get(path);
        return whileListingHolds(endpoint, () =>
          settleWalk({
            endpoint,
            baseUrl: info.baseUrl,
            limit,
            expectedTotal,
            fetch,
            ownIds,
            maxAttempts: SETTLE_ATTEMPTS,
          }),
        );
      })();
      // A walk that could not be made (the share of the request budget spent…) is walked again if asked.
      walked.catch(() => walks.delete(limit));
      walks.set(limit, walked);
    }
    return walked;
  };
  const pair = once(async () => {
    await own();
    return whileListingHolds(endpoint, () =>
      settle({
        attempt: async () => ({
          a: await api.get(pagePath(endpoint, PAIR.a)),
          b: await api.get(pagePath(endpoint, PAIR.b)),
        }),
        problems: pairDiscrepancies,
        signature: ({ a, b }) =>
          JSON.stringify([a.status, b.status, viewPage(a.json).ids, viewPage(b.json).ids]),
        maxAttempts: SETTLE_ATTEMPTS,
      }),
    );
  });
  return {
    endpoint,
    plain,
    total,
    ownIds: async () => (await own()).ids,
    ownFailure: async () => {
      const { failure } = await own();
      return failure === undefined ? '' : ` (and the run could not make records of its own: ${failure})`;
    },
    walk,
    pair,
  };
}

/** Declares the probes of the pagination area; returns the shared requests of the flows. */
export function paginationProbes(run: SuiteRun): PaginationProbes {
  const categories = listingProbes(run, '/v2/categories');
  const listings = [categories, listingProbes(run, PRODUCTS, categories.ownIds)];
  const byEndpoint = new Map(listings.map((l) => [l.endpoint, l]));
  /** Sends a request, after the page without parameters of its listing when it has one. */
  const send = async (request: PageRequest) => {
    await byEndpoint.get(request.endpoint)?.plain();
    return run.api.get(pathOf(request));
  };

  for (const listing of listings) {
    const row: ExplorationName =
      listing.endpoint === PRODUCTS ? 'pagination/products' : 'pagination/categories';
    probe(
      `the boundary pages of GET ${listing.endpoint} (relative to its results.total), spelt every way`,
      async () => {
        const total = await listing.total();
        return {
          show: showRequest,
          gate: boundaryPages(listing.endpoint, total),
          deep: {
            row,
            arbitrary: generatedPages(listing.endpoint, total),
            classes: generatedPageClasses(listing.endpoint, total),
          },
        };
      },
      send,
    );
  }

  const limits = [
    ['page[limit] above the maximum page length', 'maxLimit', 'pagination/max-limit'],
    [
      'page[offset] above the offset limit on the soft-limited listings',
      'softOffset',
      'pagination/soft-offset',
    ],
    [
      'page[offset] above the offset limit on /v2/orders and /v2/files',
      'hardOffset',
      'pagination/hard-offset',
    ],
    ['negative, zero and non-integer page parameters', 'badParams', 'pagination/bad-params'],
  ] as const;
  for (const [title, key, row] of limits) {
    probe(
      title,
      { show: showRequest, gate: LIMIT_VALUES[key], deep: { row, arbitrary: GENERATED_LIMITS[key] } },
      send,
    );
  }

  return { listings };
}

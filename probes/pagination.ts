/**
 * The probes of the pagination area (§2.5, §4.3, §8). They assert nothing: every answer is judged by the
 * exchange rules (`rules/pagination/`), which read each request's page parameters to know which rule judges
 * it (`helpers/listing/params.ts`); the shared requests the flows compare live here too. On each listing
 * (the target may hold any number of other records, in any order, changed by others meanwhile):
 * - 3 records of the run's own (none in read-only mode), of several shapes, for a middle page at a small
 *   page length (two products linked to the categories, one of them to two, for an included section under
 *   `include=categories`), then the page without parameters, once: its `meta.results.total` sizes the rest;
 * - walks through `links.next`, memoised per page length (the rules of walks share
 *   them), and the offset pair, each settled against concurrent changes (`settle.ts`);
 * - the boundary pages relative to its total (`pages.ts`), every spelling, `include` on products; deep,
 *   generated pages (`pagination/categories`, `pagination/products`).
 * And the values beyond the limits of §8 and malformed ones (gate: `LIMIT_VALUES`; deep: one row each), sent
 * after the listing's page without parameters, so that their verdicts know whether its ordinary pages have
 * a valid listing envelope.
 */
import { PRODUCTS } from '../helpers/catalogue/endpoints.ts';
import { probe } from '../helpers/check/check.ts';
import { Skip, show, skip } from '../helpers/check/failure.ts';
import { sending } from '../helpers/http/journal.ts';
import type { ApiResponse } from '../helpers/http/response.ts';
import type { ExplorationName } from '../helpers/inputs/allocation.ts';
import { longText, MIXED_TEXT, spaced } from '../helpers/inputs/text.ts';
import { pagePath, sameSequence, viewPage } from '../helpers/listing/page.ts';
import { type Settled, settle } from '../helpers/listing/settle.ts';
import { settleWalk, type Walk } from '../helpers/listing/walk.ts';
import {
  type CategoryShape,
  type ProductShape,
  productBody,
  SEVERAL_PRICES,
} from '../helpers/provisioning/bodies.ts';
import { createCategory, createProduct, linkProductToCategory } from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import {
  authOf,
  boundaryPages,
  GENERATED_LIMITS,
  generatedPages,
  LIMIT_VALUES,
  type PageRequest,
  pathOf,
  showRequest,
} from './pages.ts';

/** How many records of each kind the run makes: enough for a middle page at page[limit]=1. */
const OWN_RECORDS = 3;

/**
 * The shapes of the run's own products (`probes/space/shapes.ts`), read on every page of the listing: several
 * prices in two currencies, one without tax; a name of every alphabet with spaces around it, stock managed;
 * a long name and description, another commodity type. A shape the target refuses is made plain.
 */
const ownProductShapes = (tag: string): ProductShape[] => [
  { price: SEVERAL_PRICES },
  { name: spaced(`[${tag}] ${MIXED_TEXT}`), description: MIXED_TEXT, manage_stock: true },
  { name: longText(`[${tag}]`), description: longText('conformance'), commodity_type: 'digital' },
];

/** The shapes of the run's own categories: without a description; of every alphabet with spaces around; long. */
const ownCategoryShapes = (tag: string): CategoryShape[] => [
  { description: '' },
  { name: spaced(`[${tag}] ${MIXED_TEXT}`), description: spaced(MIXED_TEXT) },
  { name: longText(`[${tag}]`), description: longText('conformance') },
];
/**
 * At most this many attempts of a comparison that shows a discrepancy (a consistent one costs one): other
 * suite files create and delete records in bursts, and a discrepancy counts once two attempts answer alike.
 */
const SETTLE_ATTEMPTS = 5;

/**
 * The offset pair: the page at offset 1 (limit 2) is the page at offset 0 (at the default page
 * length, so that the default page length is judged on it too) without its first record.
 */
export const PAIR = { a: { offset: 0 }, b: { limit: 2, offset: 1 } } as const;

/**
 * Beside the pair, `page[offset]` given twice, with the offsets of A and B (a spelling a server may read either
 * way, or refuse): whatever offset it read, `meta.page.offset` must describe the records it served, which page
 * A shows.
 */
export const REPEATED_OFFSET = `page[limit]=${PAIR.b.limit}&page[offset]=${PAIR.a.offset}&page[offset]=${PAIR.b.offset}`;

/** The pages of the offset pair (the last attempt), and the page asked with the offset repeated. */
export interface OffsetPair {
  readonly a: ApiResponse;
  readonly b: ApiResponse;
  readonly repeated: ApiResponse;
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

/**
 * The offset across the pair: page B must hold records 2 and 3 of page A, in the same order; and the page asked
 * with the offset repeated must hold the records of page A at the offset its `meta.page.offset` says.
 */
export function pairDiscrepancies({ a, b, repeated }: OffsetPair): string[] {
  return [...skipped(a, b), ...described(a, repeated)];
}

/** The records at the offset that the answer's `meta.page.offset` says, as page A shows them, or none. */
export function described(a: ApiResponse, page: ApiResponse): string[] {
  const [va, vp] = [viewPage(a.json), viewPage(page.json)];
  if (!a.ok || !page.ok || va.data === undefined || vp.data === undefined || vp.offset === undefined)
    return [];
  const expected = va.ids.slice(vp.offset, vp.offset + vp.ids.length);
  // Beyond page A's records nothing can be compared.
  if (expected.length < vp.ids.length || sameSequence(vp.ids, expected)) return [];
  return [
    `${REPEATED_OFFSET} answered meta.page.offset ${vp.offset} and the ids ${show(vp.ids)}, but the records at offset ${vp.offset} are ${show(expected)} (page[offset]=0 answered ${show(va.ids)})`,
  ];
}

/** Page B holds records 2 and 3 of page A, in the same order, or none. */
export function skipped(a: ApiResponse, b: ApiResponse): string[] {
  const [va, vb] = [viewPage(a.json), viewPage(b.json)];
  // Not listings: the exchange rules judge each answer; nothing to compare.
  if (!a.ok || !b.ok || va.data === undefined || vb.data === undefined) return [];
  const expected = va.ids.slice(PAIR.b.offset, PAIR.b.offset + PAIR.b.limit);
  // Records beyond page B's limit are the page-limit rule's failure, and page A may be shorter than 3 records (a
  // default page length of 2): the offset is judged on the records both pages should hold.
  if (sameSequence(vb.ids.slice(0, expected.length), expected)) return [];
  return [
    `page[offset]=${PAIR.b.offset}&page[limit]=${PAIR.b.limit} answered the ids ${show(vb.ids)}, but the page at offset 0 is ${show(va.ids)}: skipping ${PAIR.b.offset} record leaves ${show(expected)}`,
  ];
}

function listingProbes(run: SuiteRun, endpoint: string, categories?: () => Promise<string[]>): ListingProbes {
  const { settings, api } = run;
  const own = once(async (): Promise<{ ids: string[]; failure?: string }> => {
    if (settings.readOnly) return { ids: [] };
    const tag = settings.runTag;
    const create = (i: number) =>
      endpoint === PRODUCTS
        ? createProduct(run, productBody(tag, {}, ownProductShapes(tag)[i]), productBody(tag))
        : createCategory(run, ownCategoryShapes(tag)[i]);
    const made = await Promise.allSettled(Array.from({ length: OWN_RECORDS }, (_, i) => create(i)));
    const ids = made.flatMap((r) => (r.status === 'fulfilled' ? [r.value.id] : []));
    // Products linked to the run's categories: the pages asked with `include=categories` then have an
    // included section for the include rules to judge. The first product is in the first category, the second
    // in the second and the first too (provisioning.md: a link adds to the product's links), the last in none
    // (a page of it alone relates nothing), and the last category holds none. A link the target refuses only
    // judges less.
    const linkTo = (await categories?.()) ?? [];
    const links = [
      [ids[0], linkTo[0]],
      [ids[1], linkTo[1]],
      [ids[1], linkTo[0]],
    ].filter((link): link is [string, string] => link.every((id) => id !== undefined));
    await Promise.allSettled(
      links.map(([product, category]) => linkProductToCategory(run, product, category)),
    );
    const rejected = made.find((r) => r.status === 'rejected');
    if (rejected === undefined) return { ids };
    if (!(rejected.reason instanceof Skip)) throw rejected.reason;
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
      skip(
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
        if (expectedTotal === 0) skip(`the listing ${endpoint} is empty: there is nothing to walk`);
        const fetch = (path: string) => api.get(path);
        return settleWalk({
          endpoint,
          baseUrl: settings.baseUrl,
          limit,
          expectedTotal,
          fetch,
          ownIds,
          maxAttempts: SETTLE_ATTEMPTS,
        });
      })();
      // A walk that could not be made (the share of the request budget spent…) is walked again if asked.
      walked.catch(() => walks.delete(limit));
      walks.set(limit, walked);
    }
    return walked;
  };
  const pair = once(async () => {
    await own();
    return settle({
      attempt: async () => {
        const a = await api.get(pagePath(endpoint, PAIR.a));
        const [b, repeated] = await Promise.all([
          api.get(pagePath(endpoint, PAIR.b)),
          api.get(`${endpoint}?${REPEATED_OFFSET}`),
        ]);
        return { a, b, repeated };
      },
      problems: pairDiscrepancies,
      signature: (pair) => JSON.stringify(Object.values(pair).map((p) => [p.status, viewPage(p.json).ids])),
      maxAttempts: SETTLE_ATTEMPTS,
    });
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
    const auth = authOf(request, run.settings.token);
    return run.api.get(pathOf(request), auth ? { auth } : {});
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
          deep: { row, arbitrary: generatedPages(listing.endpoint, total) },
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

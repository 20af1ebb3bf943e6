/**
 * The probes of the pagination area (§2.5, §4.3, §8), judged by `rules/pagination/`. On each listing the run
 * makes 3 records (deep: and a fourth, deleted at once), then, while its writes wait
 * (`helpers/listing/gate.ts`), sends what the listing's total sizes: boundary pages, walks and the offset pair;
 * then the values beyond the limits of §8.
 */
import fc from 'fast-check';
import { PRODUCTS } from '../helpers/catalogue/endpoints.ts';
import { probe, sendEarly, takeSent } from '../helpers/check/check.ts';
import { Skip, skip } from '../helpers/check/failure.ts';
import { type Exchange, sendingApart } from '../helpers/http/journal.ts';
import type { ApiResponse } from '../helpers/http/response.ts';
import type { ExplorationName } from '../helpers/inputs/allocation.ts';
import { ShrunkFromResolved, smallerIntegers } from '../helpers/inputs/arbitraries.ts';
import { longText, MIXED_TEXT, spaced } from '../helpers/inputs/text.ts';
import { MAX_PAGE_LENGTH, OFFSET_LIMIT } from '../helpers/limits.ts';
import { listingVersion, whileListingHolds } from '../helpers/listing/gate.ts';
import { pagePath, viewPage } from '../helpers/listing/page.ts';
import { DESCRIBED, type OffsetPair, PAIR, pairDiscrepancies } from '../helpers/listing/pair.ts';
import { type Settled, settle } from '../helpers/listing/settle.ts';
import { gateWalks, settleWalk, type Walk, type WalkLength } from '../helpers/listing/walk.ts';
import {
  type CategoryShape,
  type ProductShape,
  productBody,
  SEVERAL_PRICES,
} from '../helpers/provisioning/bodies.ts';
import {
  createCategory,
  createProduct,
  linkProductToCategory,
  removeRecord,
} from '../helpers/provisioning/create.ts';
import { once } from '../helpers/provisioning/once.ts';
import type { SuiteRun } from '../helpers/run/suite.ts';
import {
  boundaryPages,
  classPages,
  GENERATED_LIMITS,
  generatedPages,
  LIMIT_VALUES,
  type PageInput,
  type PageRequest,
  pathOf,
  resolveClassPage,
  showInput,
  showRequest,
} from './pages.ts';

/** How many records of each kind the run makes: enough for a middle page at page[limit]=1. */
const OWN_RECORDS = 3;

/** The shapes of the run's own products (`probes/space/shapes.ts`); one the target refuses is made plain. */
const ownProductShapes = (tag: string): ProductShape[] => [
  { price: SEVERAL_PRICES },
  { name: spaced(`[${tag}] ${MIXED_TEXT}`), description: MIXED_TEXT, manage_stock: true },
  { name: longText(`[${tag}]`), description: longText('conformance'), commodity_type: 'digital' },
];

/** The shapes of the run's own categories. */
const ownCategoryShapes = (tag: string): CategoryShape[] => [
  { description: '' },
  { name: spaced(`[${tag}] ${MIXED_TEXT}`), description: spaced(MIXED_TEXT) },
  { name: longText(`[${tag}]`), description: longText('conformance') },
];

/** The shared requests on one listing. */
export type ListingProbes = ReturnType<typeof listingProbes>;

export type PaginationProbes = ReturnType<typeof paginationProbes>;

/** A sending context of its own for the gate's sized requests (its source, no check's evidence or budget). */
const apart = (name: string, input: string) => ({ source: { kind: 'boundary', name, input } as const });

/** The title of the probe of a listing's boundary and generated pages. */
const pagesTitle = (endpoint: string) =>
  `the boundary pages of GET ${endpoint} (relative to its results.total), spelt every way`;

function listingProbes(run: SuiteRun, endpoint: string, categories?: () => Promise<string[]>) {
  const { settings, api } = run;
  const own = once(async (): Promise<{ ids: string[]; failure?: string }> => {
    if (settings.readOnly) return { ids: [] };
    const tag = settings.runTag;
    const create = (i: number) =>
      endpoint === PRODUCTS
        ? createProduct(run, productBody(tag, {}, ownProductShapes(tag)[i]), productBody(tag))
        : createCategory(run, ownCategoryShapes(tag)[i]);
    // Deep: one more record, made before the others and deleted once they are made, so that the listing is
    // judged in a state only a delete reaches, with the deleted record among those its pages hold.
    const [deleted] =
      settings.depth === 'deep' ? await Promise.allSettled([create(OWN_RECORDS)]) : [undefined];
    const made = await Promise.allSettled(Array.from({ length: OWN_RECORDS }, (_, i) => create(i)));
    if (deleted?.status === 'fulfilled') {
      const kind = endpoint === PRODUCTS ? 'product' : 'category';
      await removeRecord(run, { kind, id: deleted.value.id });
    }
    const ids = made.flatMap((r) => (r.status === 'fulfilled' ? [r.value.id] : []));
    // Products linked to the run's categories, for an included section under `include=categories`: the
    // second product in two categories, the last product and the last category in none.
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

  const walks = new Map<string, Promise<Settled<Walk<ApiResponse>>>>();
  const walkedAt = new Map<string, number>();
  const early = new Map<string, Promise<Exchange[]>>();
  /** A walk that could not be made (the request budget spent…) is walked again if asked. */
  const remember = (length: WalkLength, walked: Promise<Settled<Walk<ApiResponse>>>) => {
    walked.catch(() => walks.delete(length.shown));
    walks.set(length.shown, walked);
    return walked;
  };
  let pairs: Promise<Settled<OffsetPair>> | undefined;
  let sizedAt: { readonly version: string; readonly total: number } | undefined;
  const compared = { walks: false, pair: false };

  const settleWalkAt = (length: WalkLength, limit: number, total: number, ownIds: readonly string[]) =>
    settleWalk({
      endpoint,
      baseUrl: settings.baseUrl,
      limit,
      ...(length.include !== undefined && { include: length.include }),
      expectedTotal: total,
      fetch: (path: string) => api.get(path),
      ownIds,
    });
  const settlePair = () =>
    settle({
      attempt: async () => {
        const a = await api.get(pagePath(endpoint, PAIR.a));
        const [b, repeated, alone] = await Promise.all([
          api.get(pagePath(endpoint, PAIR.b)),
          api.get(`${endpoint}?${DESCRIBED.repeated}`),
          api.get(`${endpoint}?${DESCRIBED.alone}`),
        ]);
        return { a, b, repeated, alone };
      },
      problems: pairDiscrepancies,
      signature: (pair) => JSON.stringify(Object.values(pair).map((p) => [p.status, viewPage(p.json).ids])),
    });

  /** The gate's sized requests, in one hold of the listing, each in a sending context of its own. */
  let phase: { readonly plain: Promise<ApiResponse>; readonly done: Promise<void> } | undefined;
  const sizedByTotal = () => (phase ??= startSizing());
  function startSizing() {
    let answered: (response: ApiResponse) => void = () => {};
    let failed: (error: unknown) => void = () => {};
    const plain = new Promise<ApiResponse>((resolve, reject) => {
      [answered, failed] = [resolve, reject];
    });
    const done = (async () => {
      const ownIds = (await own()).ids;
      return whileListingHolds(endpoint, async () => {
        const version = listingVersion(endpoint);
        const response = await sendingApart(
          apart('probe: the pages without parameters', `GET ${endpoint}`),
          () => api.get(endpoint),
        );
        answered(response);
        const total = viewPage(response.json).resultsTotal;
        if (!response.ok || total === undefined) return;
        sizedAt = { version, total };
        const sent: Promise<unknown>[] = [];
        for (const request of boundaryPages(endpoint, total)) {
          const shown = showRequest(request);
          const source = { kind: 'boundary', name: `probe: ${pagesTitle(endpoint)}`, input: shown } as const;
          const answer = sendEarly(source, () => api.get(pathOf(request)));
          early.set(shown, answer);
          sent.push(answer);
        }
        if (total > 0 && compared.walks) {
          for (const length of gateWalks(total, endpoint)) {
            const limit = length.limit as number;
            const walked = sendingApart(
              apart(`the walks of GET ${endpoint} through links.next`, length.shown),
              () => settleWalkAt(length, limit, total, ownIds),
            );
            sent.push(remember(length, walked));
          }
        }
        if (compared.pair) {
          pairs = sendingApart(apart(`the offset pair of GET ${endpoint}`, `GET ${endpoint}`), settlePair);
          sent.push(pairs);
        }
        await Promise.allSettled(sent);
      });
    })();
    // A failure before the page without parameters was answered (making the run's records) is its failure.
    done.catch(failed);
    plain.catch(() => undefined);
    return { plain, done };
  }

  const totalOf = (response: ApiResponse, prefix = '') => {
    const value = viewPage(response.json).resultsTotal;
    if (!response.ok || value === undefined)
      skip(`${prefix}GET ${endpoint} answered ${response.status} without an integer meta.results.total`);
    return value;
  };
  const plain = () => sizedByTotal().plain;
  const total = once(async () => {
    const response = await plain();
    await sizedByTotal().done;
    return totalOf(response, 'the size of the listing is unknown: ');
  });
  /** The listing's total as last read, unless the run wrote to the listing since: then it is read again. */
  const totalNow = async () => {
    const version = listingVersion(endpoint);
    if (sizedAt?.version === version) return sizedAt.total;
    const value = totalOf(await api.get(endpoint));
    sizedAt = { version, total: value };
    return value;
  };
  const sized = <T>(use: (total: number) => Promise<T>) =>
    whileListingHolds(endpoint, async () => use(await totalNow()));

  const walk = async (length: WalkLength) => {
    await sizedByTotal().done;
    const walked = async () => {
      const ownIds = (await own()).ids;
      return whileListingHolds(endpoint, async () => {
        const now = await totalNow();
        if (now === 0) skip(`the listing ${endpoint} is empty: there is nothing to walk`);
        const limit = length.of(now);
        if (limit === undefined) skip(`no page length of ${length.shown} for a listing of ${now} records`);
        walkedAt.set(length.shown, limit);
        return settleWalkAt(length, limit, now, ownIds);
      });
    };
    return walks.get(length.shown) ?? remember(length, walked());
  };
  const pair = async () => {
    await sizedByTotal().done;
    pairs ??= (async () => {
      await own();
      return whileListingHolds(endpoint, settlePair);
    })();
    return pairs;
  };
  return {
    endpoint,
    /** The page without parameters, after the run's records were made (or could not be). */
    plain,
    /** Its `meta.results.total`, once everything the gate sizes by it was asked for. */
    total,
    ownIds: async () => (await own()).ids,
    /** ` (and the run could not make …)`, to add to a skip reason about a listing that is too small. */
    ownFailure: async () => {
      const { failure } = await own();
      return failure === undefined ? '' : ` (and the run could not make records of its own: ${failure})`;
    },
    /** The walk at the page length `length` gives, settled; each length walked once. */
    walk,
    walkedAt: (shown: string) => walkedAt.get(shown),
    pair,
    /** Declared by a flow that compares the walks or the offset pair: the gate then asks for them too. */
    compares: (what: 'walks' | 'pair') => {
      compared[what] = true;
    },
    /** Runs `use` with the listing's total as it is now, while the run's writes to the listing wait. */
    sized,
    /** The answers to a boundary page (as shown) sent with the page without parameters, taken once. */
    early: (shown: string) => {
      const exchanges = early.get(shown);
      early.delete(shown);
      return exchanges;
    },
  };
}

/** Pages like `page`, with a smaller `page[limit]` (1 to 100), then a smaller `page[offset]` (from 0). */
function smallerPages(page: PageInput): fc.Stream<PageInput> {
  if ('class' in page) return fc.Stream.nil();
  const { limit, offset } = page;
  const limits =
    typeof limit === 'number' ? smallerIntegers(limit, 1, MAX_PAGE_LENGTH) : fc.Stream.nil<number>();
  const offsets =
    typeof offset === 'number' ? smallerIntegers(offset, 0, OFFSET_LIMIT) : fc.Stream.nil<number>();
  return limits
    .map((smaller): PageInput => ({ ...page, limit: smaller }))
    .join(offsets.map((smaller): PageInput => ({ ...page, offset: smaller })));
}

/** Declares the probes of the pagination area; returns the shared requests of the flows. */
export function paginationProbes(run: SuiteRun) {
  const categories = listingProbes(run, '/v2/categories');
  const listings = [categories, listingProbes(run, PRODUCTS, categories.ownIds)];
  const byEndpoint = new Map(listings.map((l) => [l.endpoint, l]));
  /** The page each class input came to (by the input as shown), once sent: a failing one shrinks from it. */
  const resolved = new Map<string, PageRequest>();
  /** Sends a page: a boundary page takes its early answer; a page of a class is sized by the total now. */
  const send = async (input: PageInput) => {
    const listing = byEndpoint.get(input.endpoint);
    if ('class' in input) {
      if (!listing) throw new Error(`no probes of ${input.endpoint}`);
      return listing.sized(async (total) => {
        const request = resolveClassPage(input, total);
        if (request === undefined) skip(`no page of its class for a listing of ${total} records`);
        resolved.set(showInput(input), request);
        return run.api.get(pathOf(request));
      });
    }
    const asked = listing?.early(showRequest(input));
    if (asked) return takeSent(asked);
    await listing?.plain();
    return run.api.get(pathOf(input));
  };

  for (const listing of listings) {
    const row: ExplorationName =
      listing.endpoint === PRODUCTS ? 'pagination/products' : 'pagination/categories';
    probe(
      pagesTitle(listing.endpoint),
      async () => {
        const total = await listing.total();
        return {
          show: showInput,
          gate: boundaryPages(listing.endpoint, total),
          deep: {
            row,
            arbitrary: generatedPages(listing.endpoint, total),
            // A page of a class that fails shrinks as pages do: its length, then its offset, over their range.
            classes: classPages(listing.endpoint).map(
              (pages) =>
                new ShrunkFromResolved<PageInput>(
                  pages,
                  (input) => ('class' in input ? resolved.get(showInput(input)) : input),
                  smallerPages,
                ),
            ),
          },
        };
      },
      send,
    );
  }

  const limits = {
    maxLimit: ['page[limit] above the maximum page length', 'pagination/max-limit'],
    softOffset: [
      'page[offset] above the offset limit on the soft-limited listings',
      'pagination/soft-offset',
    ],
    hardOffset: ['page[offset] above the offset limit on /v2/orders and /v2/files', 'pagination/hard-offset'],
    badParams: ['negative, zero and non-integer page parameters', 'pagination/bad-params'],
  } as const;
  for (const key of Object.keys(limits) as (keyof typeof limits)[]) {
    const [title, row] = limits[key];
    probe(
      title,
      { show: showInput, gate: LIMIT_VALUES[key], deep: { row, arbitrary: GENERATED_LIMITS[key] } },
      send,
    );
  }

  return { listings };
}

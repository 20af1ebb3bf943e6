/**
 * The shared requests on one listing (§2.5, §4.3, §8), each sent once per run:
 * - the run first makes 3 records of its own (nothing in read-only mode), so that the listing has a middle
 *   page at a small page length;
 * - the checks reason about the whole listing through `meta` and the links, never about "the suite's
 *   records" (except that a full walk must visit them, by id);
 * - what compares several requests (the two walks, the offset pair) is settled: a discrepancy counts only
 *   when the same requests, sent again, answer the same records (the listing held still).
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import { PrerequisiteError } from '../../helpers/check/failure.ts';
import { once } from '../../helpers/fixtures/once.ts';
import { type ApiResponse, isObject } from '../../helpers/http/response.ts';
import { OFFSET_LIMIT } from '../../helpers/limits.ts';
import { pagePath, viewPage } from '../../helpers/listing/page.ts';
import { type Settled, settle } from '../../helpers/listing/settle.ts';
import { settleWalk } from '../../helpers/listing/settled-walk.ts';
import { type Walk, walkedPages, walkLimit } from '../../helpers/listing/walk.ts';
import { otherWalkLimit } from '../../helpers/listing/walk-lengths.ts';
import {
  type Listing,
  type OffsetPair,
  PAIR_A,
  PAIR_B,
  pairDiscrepancies,
  pairSignature,
  type SeenPage,
  type SuiteRun,
  seen,
  seenWalkPages,
} from './pages.ts';

/** How many records of each kind the run makes: enough for a middle page at page[limit]=1. */
const OWN_RECORDS = 3;
/**
 * At most this many attempts of a comparison that shows a discrepancy (a consistent one costs one): other
 * suite files create and delete records in bursts while a walk runs, and a discrepancy counts only once two
 * consecutive attempts answer the same.
 */
const SETTLE_ATTEMPTS = 5;
/** How far past the end of the listing the empty page of PAGE-META-EMPTY is asked for. */
export const PAST_END = 100;

/** The shared requests on one listing, each sent once. */
export function probes({ info, api }: SuiteRun, listing: Listing) {
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

  /**
   * A walk at the page length `limitOf(total)` (PAGE-WALK, PAGE-COUNTS, PAGE-PREV-NEXT…), settled against
   * concurrent changes.
   */
  const walkAt = (limitOf: (total: number) => number) =>
    once(async (): Promise<Settled<Walk<ApiResponse>>> => {
      const ids = await ownIds();
      const size = await total();
      if (size === 0) {
        throw new PrerequisiteError(
          `the listing ${endpoint} is empty: there is nothing to walk${await ownFailure()}`,
        );
      }
      return settleWalk({
        endpoint,
        baseUrl: info.baseUrl,
        limit: limitOf(size),
        fetch: (path) => api.get(path),
        ownIds: ids,
        maxAttempts: SETTLE_ATTEMPTS,
      });
    });
  /** The walk at a quarter of the total: 3 to 4 pages. */
  const walk = walkAt(walkLimit);
  /** The second walk, at another page length: one full page and a last page of one record. */
  const otherWalk = walkAt(otherWalkLimit);

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
      maxAttempts: SETTLE_ATTEMPTS,
    });
  });

  /** A page past the end (results.total + PAST_END), when that is within the soft offset limit. */
  const pastEnd = once(async () => {
    const size = await total();
    const offset = size + PAST_END;
    if (offset > OFFSET_LIMIT) {
      throw new PrerequisiteError(
        `the listing holds ${size} records: an offset past its end would be above the soft offset limit of ${OFFSET_LIMIT} (§8)`,
      );
    }
    return { offset, response: await api.get(pagePath(endpoint, { limit: 5, offset })) };
  });

  /**
   * Every page of a walk (through links.next, and the last page of a partial walk) with the page it asked
   * for, and whether the walk showed that records follow it (a non-empty next page) or that it is the end
   * (the page after it is empty).
   */
  const pagesOf =
    (which: () => Promise<Settled<Walk<ApiResponse>>>) =>
    async (t: CheckContext): Promise<{ settled: Settled<Walk<ApiResponse>>; pages: SeenPage[] }> => {
      const settled = await which();
      t.attach(...walkedPages(settled.value).map((page) => page.response));
      return { settled, pages: seenWalkPages(settled.value) };
    };
  const walkPages = pagesOf(walk);
  const otherWalkPages = pagesOf(otherWalk);

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
    otherWalk,
    pair,
    pastEnd,
    walkPages,
    otherWalkPages,
    walkPagesIfAny,
    pairPages,
    records,
  };
}

export type Probes = ReturnType<typeof probes>;

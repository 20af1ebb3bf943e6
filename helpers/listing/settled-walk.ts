/**
 * A walk of a listing settled against concurrent changes (§2.5; `settle.ts`), and what it shows of each of
 * its pages: the walk itself is `walk.ts`, its discrepancies {@link walkProblems}.
 */
import { type Settled, settle } from './settle.ts';
import {
  type ListingResponse,
  type Walk,
  type WalkedPage,
  type WalkOptions,
  walkListing,
  walkProblems,
  walkSignature,
} from './walk.ts';

export interface SettleWalkOptions<R extends ListingResponse> extends WalkOptions<R> {
  /** Records of the run that a full walk must visit (PAGE-WALK). */
  readonly ownIds?: readonly string[];
  /** At most this many walks (see `settle`; default 3). */
  readonly maxAttempts?: number;
}

/**
 * Walks the listing until a walk shows no discrepancy (PAGE-WALK or PAGE-COUNTS), or two consecutive walks
 * answer the same records (the discrepancy is reproduced), or `maxAttempts` walks are spent (unsettled).
 */
export function settleWalk<R extends ListingResponse>(
  options: SettleWalkOptions<R>,
): Promise<Settled<Walk<R>>> {
  const { ownIds = [], maxAttempts, ...walk } = options;
  return settle({
    attempt: () => walkListing(walk),
    problems: (value) => {
      const found = walkProblems(value, ownIds);
      return [...found.walk, ...found.counts];
    },
    signature: walkSignature,
    ...(maxAttempts === undefined ? {} : { maxAttempts }),
  });
}

/** A page of a walk with the offset it was asked for, and what the walk showed of the end. */
export interface PageOfWalk<R> {
  readonly page: WalkedPage<R>;
  readonly offset: number;
  /**
   * `false`: records follow it (the next page of the walk holds records); `true`: it is the end (the page
   * right after it is empty); undefined: the walk does not tell (the page's own meta must).
   */
  readonly endReached: boolean | undefined;
}

/**
 * The pages of a walk that the per-page rules judge (the pages through `links.next`, and the last page of a
 * partial walk), each with its offset and what the walk showed of the end; pages without a known offset are
 * left out.
 */
export function pagesOfWalk<R>(walk: Walk<R>): PageOfWalk<R>[] {
  const through = walk.pages.map((page, i) => {
    const following = walk.pages[i + 1];
    let endReached: boolean | undefined;
    if (following !== undefined && (following.view.data?.length ?? 0) > 0) endReached = false;
    if (following === undefined && walk.after !== undefined && walk.after.view.data?.length === 0) {
      endReached = true;
    }
    return { page, endReached };
  });
  return [...through, ...(walk.last ? [{ page: walk.last, endReached: undefined }] : [])].flatMap(
    ({ page, endReached }) => (page.offset === undefined ? [] : [{ page, offset: page.offset, endReached }]),
  );
}

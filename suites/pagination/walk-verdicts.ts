/**
 * The verdicts on one walk of a listing (§2.5): PAGE-WALK, PAGE-COUNTS and PAGE-PREV-NEXT, for every walk the
 * area makes (the gate's walks at a quarter of the total and at total − 1, the deep profile's walks at
 * generated page lengths). What compares several requests counts only when the walk was settled (reproduced);
 * a walk whose listing changed every time is left unjudged, as the caller says (a skipped check, a skipped
 * input).
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { countExpectations, prevNextExpectations } from '../../helpers/listing/expect.ts';
import type { Settled } from '../../helpers/listing/settle.ts';
import { type Walk, walkedPages, walkProblems } from '../../helpers/listing/walk.ts';
import { assertAll, describePage, expectListing } from './expect.ts';
import { type SeenPage, seenWalkPages } from './pages.ts';

/** A settled walk, and the records of the run that a full walk must visit. */
export interface JudgedWalk {
  readonly settled: Settled<Walk<ApiResponse>>;
  readonly own: readonly string[];
  /** Leaves the walk unjudged with the reason (the listing changed during every attempt); never returns. */
  readonly unsettled: (reason: string) => never;
}

/** The walk's last page, where a discrepancy between its pages is reported. */
function lastResponse(walk: Walk<ApiResponse>): ApiResponse {
  return (walkedPages(walk).at(-1) as { response: ApiResponse }).response;
}

/** Asserts that a settled walk shows none of `problems`; an unsettled walk that shows some is unjudged. */
function judgeProblems(
  t: CheckContext,
  { settled, unsettled }: JudgedWalk,
  problems: readonly string[],
  expected: string,
): void {
  if (problems.length > 0 && settled.outcome === 'unsettled') {
    unsettled(
      `the listing changed during every attempt (${settled.attempts}), so the pages of the walk could not be compared; last discrepancy: ${problems[0]}`,
    );
  }
  t.assert(problems.length === 0, expected, () => problems.join('; '), lastResponse(settled.value));
}

/** PAGE-WALK: following links.next visits every record once (`walkProblems`). */
export function judgeWalkVisits(t: CheckContext, judged: JudgedWalk): void {
  const walk = judged.settled.value;
  judgeProblems(
    t,
    judged,
    walkProblems(walk, judged.own).walk,
    walk.mode === 'full'
      ? `a walk with page[limit]=${walk.limit} through links.next to visit every record once${judged.own.length > 0 ? ", the run's own records included" : ''}`
      : `the first ${walk.pages.length} pages (page[limit]=${walk.limit}) through links.next to hold distinct records, each links.next at the offset right after the page, and links.last to name a page of other records`,
  );
}

/**
 * PAGE-COUNTS on a walk: each page's meta.page.total and .current (`extraPages` too, judged first with the
 * walk's pages), then results.total against what the walk found (`walkProblems`).
 */
export function judgeWalkCounts(
  t: CheckContext,
  judged: JudgedWalk,
  extraPages: readonly SeenPage[] = [],
): void {
  const walk = judged.settled.value;
  for (const page of [...seenWalkPages(walk), ...extraPages]) {
    expectListing(t, page);
    assertAll(t, countExpectations(page.view, page.asked), page.response, describePage(page));
  }
  judgeProblems(
    t,
    judged,
    walkProblems(walk, judged.own).counts,
    walk.mode === 'full'
      ? `meta.results.total to equal the number of records a full walk with page[limit]=${walk.limit} finds (and to be the same on every page)`
      : `the page that links.last names (page[limit]=${walk.limit}) to hold the results.total - offset records left (and results.total the same on every page)`,
  );
}

/**
 * PAGE-PREV-NEXT on every page of a walk, with what the walk showed of the end (so that a wrong results.total,
 * PAGE-COUNTS's failure, is not taken for a wrong links.next).
 */
export function judgeWalkPrevNext(t: CheckContext, walk: Walk<ApiResponse>, baseUrl: string): void {
  for (const page of seenWalkPages(walk)) {
    expectListing(t, page);
    assertAll(
      t,
      prevNextExpectations(page.view, page.asked, baseUrl, { endReached: page.endReached }),
      page.response,
      describePage(page),
    );
  }
}

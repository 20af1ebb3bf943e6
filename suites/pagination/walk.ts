/**
 * The pages of the walks and of the offset pair (§2.5): PAGE-LIMIT, PAGE-OFFSET, PAGE-LINKS, PAGE-PREV-NEXT,
 * PAGE-WALK and PAGE-COUNTS. Each listing is walked twice, at page lengths chosen from its total: at a
 * quarter of it (3 to 4 pages, every rule), and at total − 1 (one full page and a last page of one record:
 * PAGE-WALK, PAGE-COUNTS and PAGE-PREV-NEXT, the rules that compare the pages of a walk). What compares
 * several requests is settled (see `helpers/listing/settle.ts`); the verdicts are `walk-verdicts.ts`.
 */
import { check } from '../../helpers/check/check.ts';
import type { CheckContext } from '../../helpers/check/context.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { limitExpectations, linkExpectations, offsetExpectations } from '../../helpers/listing/expect.ts';
import type { Settled } from '../../helpers/listing/settle.ts';
import type { Walk } from '../../helpers/listing/walk.ts';
import { assertAll, describePage, expectListing, judgeSettled } from './expect.ts';
import { type Listing, PAIR_A, PAIR_B, pairDiscrepancies, type SeenPage, type SuiteRun } from './pages.ts';
import type { Probes } from './probes.ts';
import { judgeWalkCounts, judgeWalkPrevNext, judgeWalkVisits } from './walk-verdicts.ts';

export function walkChecks({ info }: SuiteRun, listing: Listing, p: Probes): void {
  const { endpoint } = listing;

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
      const { settled } = await p.walkPages(t);
      judgeWalkPrevNext(t, settled.value, info.baseUrl);
    },
  );

  check(
    'PAGE-WALK',
    'following links.next from the first page visits every record exactly once (in full up to 500 records; beyond, the first 3 pages and then links.last)',
    async (t) => {
      const { settled } = await p.walkPages(t);
      observeWalk(t, settled);
      judgeWalkVisits(t, { settled, own: await p.ownIds(), unsettled: (reason) => t.skip(reason) });
    },
  );

  check(
    'PAGE-COUNTS',
    'meta.page.total = ceil(results.total / limit), meta.page.current = floor(offset / limit) + 1, and results.total = the records a full walk finds',
    async (t) => {
      const { settled } = await p.walkPages(t);
      const pair = await p.pairPages(t);
      judgeWalkCounts(
        t,
        { settled, own: await p.ownIds(), unsettled: (reason) => t.skip(reason) },
        pair.pages,
      );
    },
  );

  otherWalkChecks({ info }, p);
}

/** What the report notes of a walk: its page length, mode, pages and attempts. */
function observeWalk(t: CheckContext, settled: Settled<Walk<ApiResponse>>): void {
  const walk = settled.value;
  t.observe('walk', {
    limit: walk.limit,
    mode: walk.mode,
    pages: walk.pages.length + (walk.last ? 1 : 0),
    attempts: settled.attempts,
  });
}

/**
 * The second walk of the listing, at another page length (`otherWalkLimit`: results.total − 1, one full
 * page and a last page of one record; 100 beyond 101 records), judged by the rules that compare the pages
 * of a walk: PAGE-WALK, PAGE-COUNTS and PAGE-PREV-NEXT. A server that is right at one page length and wrong
 * at another is walked at both.
 */
function otherWalkChecks({ info }: Pick<SuiteRun, 'info'>, p: Probes): void {
  const what = 'a second walk, at page[limit] = results.total − 1 (100 beyond 101 records)';
  check('PAGE-WALK', `${what}, visits every record exactly once`, async (t) => {
    const { settled } = await p.otherWalkPages(t);
    observeWalk(t, settled);
    judgeWalkVisits(t, { settled, own: await p.ownIds(), unsettled: (reason) => t.skip(reason) });
  });

  check(
    'PAGE-COUNTS',
    `${what}: meta.page.total and .current on each page, and results.total = the records it finds`,
    async (t) => {
      const { settled } = await p.otherWalkPages(t);
      judgeWalkCounts(t, { settled, own: await p.ownIds(), unsettled: (reason) => t.skip(reason) });
    },
  );

  check('PAGE-PREV-NEXT', `${what}: links.prev and links.next on each of its pages`, async (t) => {
    const { settled } = await p.otherWalkPages(t);
    judgeWalkPrevNext(t, settled.value, info.baseUrl);
  });
}

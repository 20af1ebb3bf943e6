/**
 * The pages of a walk and of the offset pair (§2.5): PAGE-LIMIT, PAGE-OFFSET, PAGE-LINKS, PAGE-PREV-NEXT,
 * PAGE-WALK and PAGE-COUNTS. What compares several requests is settled (see `helpers/listing/settle.ts`).
 */
import { check } from '../../helpers/check/check.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import {
  countExpectations,
  limitExpectations,
  linkExpectations,
  offsetExpectations,
  prevNextExpectations,
} from '../../helpers/listing/expect.ts';
import { walkedPages, walkProblems } from '../../helpers/listing/walk.ts';
import { assertAll, describePage, expectListing, judgeSettled } from './expect.ts';
import { type Listing, PAIR_A, PAIR_B, pairDiscrepancies, type SeenPage, type SuiteRun } from './pages.ts';
import type { Probes } from './probes.ts';

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
}

/**
 * PAGE-PREV-NEXT (§2.5): `links.prev` is null on the first page and `links.next` null on the last; elsewhere
 * they name the neighbouring pages. On every ordinary page, by its own meta (`prevNextExpectations`): prev,
 * a next that is set, and a null next where the page agrees with `meta.results.total` that it is the last.
 * That records follow a page only a walk shows (its next page holds records): a null `links.next` there is
 * judged on the walks, where a wrong `results.total` (PAGE-COUNTS's failure) is not taken for it.
 */

import { skipInput } from '../../helpers/inputs/record.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { prevNextExpectations } from '../../helpers/listing/expect.ts';
import { pagesOfWalk } from '../../helpers/listing/walk.ts';
import type { PaginationProbes } from '../../probes/pagination.ts';
import { assertAll, onListingPage } from './read.ts';
import { walkFlows } from './walks.ts';

export default rule<PaginationProbes>('PAGE-PREV-NEXT', {
  exchange: onListingPage((page, x, t, known) =>
    assertAll(t, prevNextExpectations(page.view, page.asked, known.settings.baseUrl), x, page.where),
  ),
  flows: walkFlows(
    'PAGE-PREV-NEXT',
    'links.prev and links.next on each page, knowing which pages records follow',
    'pagination/walks',
    (t, { settled }) => {
      const walk = settled.value;
      // Pages that are no listing break the walk: PAGE-WALK's failure (and the per-page rules').
      const pages = pagesOfWalk(walk).filter(({ page }) => page.response.ok && page.view.data !== undefined);
      if (pages.length === 0) skipInput('no page of the walk is a listing (see PAGE-WALK)');
      for (const { page, offset, endReached } of pages) {
        const asked = { limit: walk.limit, offset };
        for (const e of prevNextExpectations(page.view, asked, t.run.baseUrl, { endReached })) {
          t.assert(e.ok, `${e.expected} (${page.path})`, e.actual, page.response);
        }
      }
    },
  ),
});

/** Judged on every ordinary page by its own meta, and on the walks, which show whether records follow. */
import { skip } from '../../helpers/check/failure.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { prevNextExpectations } from '../../helpers/listing/expect.ts';
import { walkPageExpectations } from '../../helpers/listing/walk.ts';
import pageEnvelope from './page-envelope.ts';
import pageWalk from './page-walk.ts';
import { assertAll, onPages } from './read.ts';
import { needSettled, walkFlows } from './walks.ts';

export default rule({
  id: 'PAGE-PREV-NEXT',
  level: 'MUST',
  section: '§2.5',
  title:
    '`links.prev` is null on the first page and `links.next` is null on the last page; elsewhere they point at the neighbouring pages.',
  requires: [pageEnvelope, pageWalk],
  exchange: onPages((page, x, t) =>
    assertAll(t, prevNextExpectations(page.view, page.asked, t.settings.baseUrl), x, page.where),
  ),
  flows: walkFlows(
    'links.prev and links.next on each page, knowing which pages records follow',
    (t, { settled }) => {
      const expectations = walkPageExpectations(settled.value, t.settings.baseUrl);
      if (expectations.length === 0) skip('no page of the walk is a listing');
      const failed = expectations.filter(({ expectation }) => !expectation.ok);
      needSettled(
        settled,
        failed.map(({ expectation: e }) => `${e.expected}, got ${e.actual}`),
      );
      for (const { page, expectation: e } of expectations)
        t.assert(e.ok, `${e.expected} (${page.path})`, e.actual, page.response);
    },
  ),
});

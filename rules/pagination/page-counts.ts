/** `meta.page.*` on every ordinary page; `meta.results.total` on the walks. */
import { rule } from '../../helpers/judge/rule.ts';
import { countExpectations } from '../../helpers/listing/expect.ts';
import { walkProblems } from '../../helpers/listing/walk.ts';
import pageEnvelope from './page-envelope.ts';
import { assertAll, onPages } from './read.ts';
import { judgeProblems, type WalkVerdict, walkFlows } from './walks.ts';

export const walkVerdict: WalkVerdict = (t, walked) => {
  const walk = walked.settled.value;
  judgeProblems(
    t,
    walked,
    walkProblems(walk, walked.own).counts,
    walk.mode === 'full'
      ? `meta.results.total to equal the number of records a full walk with page[limit]=${walk.limit} finds (and to be the same on every page)`
      : `the page that links.last names (page[limit]=${walk.limit}) to hold the results.total - offset records left (and results.total the same on every page)`,
  );
};

export default rule({
  id: 'PAGE-COUNTS',
  level: 'SHOULD',
  section: '§2.5',
  title:
    '`meta.results.total` is the number of records a full walk finds; `meta.page.total` = ceil(results.total / limit) when there are results; `meta.page.current` = floor(offset / limit) + 1.',
  requires: [pageEnvelope],
  exchange: onPages((page, x, t) => {
    t.need(
      page.view.current !== undefined && page.view.pageTotal !== undefined,
      'no integer meta.page.current or meta.page.total',
    );
    assertAll(t, countExpectations(page.view, page.asked), x, page.where);
  }),
  flows: walkFlows('meta.results.total = the records the walk finds', walkVerdict),
});

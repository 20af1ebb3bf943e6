/** A listing of more than 500 records is walked over its first pages and its last (`walkProblems`). */
import { rule } from '../../helpers/judge/rule.ts';
import { walkProblems } from '../../helpers/listing/walk.ts';
import pageEnvelope from './page-envelope.ts';
import { judgeProblems, type WalkVerdict, walkFlows } from './walks.ts';

export const walkVerdict: WalkVerdict = (t, walked) => {
  const walk = walked.settled.value;
  judgeProblems(
    t,
    walked,
    walkProblems(walk, walked.own).walk,
    walk.mode === 'full'
      ? `a walk with page[limit]=${walk.limit} through links.next to visit every record once${walked.own.length > 0 ? ", the run's own records included" : ''}`
      : `the first ${walk.pages.length} pages (page[limit]=${walk.limit}) through links.next to hold distinct records, each links.next at the offset right after the page, and links.last to name a page of other records`,
  );
};

export default rule({
  id: 'PAGE-WALK',
  level: 'MUST',
  section: '§2.5',
  title: 'Following `links.next` from the first page visits every record exactly once.',
  requires: [pageEnvelope],
  flows: walkFlows('following links.next visits every record exactly once', walkVerdict),
});

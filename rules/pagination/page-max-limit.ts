/** §8 leaves clamping or rejecting open; judged on every paginated call. */
import { show } from '../../helpers/check/failure.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_PAGE_LENGTH } from '../../helpers/limits.ts';
import { viewPage } from '../../helpers/listing/page.ts';
import { pagedCalls, pageParamsOf, refusedOr2xx } from './read.ts';

export default rule({
  id: 'PAGE-MAX-LIMIT',
  level: 'MUST',
  section: '§8',
  title:
    '`page[limit]` above 100 never answers more than 100 records: the request is either rejected with 4xx or answered with `meta.page.limit` at most 100.',
  exchange: {
    scope: pagedCalls,
    judge: (x, t) => {
      const where = pageParamsOf(x, t, (p) => p.limit.kind === 'above');
      if (refusedOr2xx(x, t, `at most ${MAX_PAGE_LENGTH} records (${where})`)) return;
      const { response } = x;
      const view = viewPage(response.json);
      t.assert(
        view.data !== undefined && view.data.length <= MAX_PAGE_LENGTH,
        `at most ${MAX_PAGE_LENGTH} records in data (${where})`,
        view.data === undefined ? 'no data array' : `${view.data.length} records`,
        response,
      );
      t.assert(
        view.limit !== undefined && view.limit <= MAX_PAGE_LENGTH,
        `meta.page.limit an integer of at most ${MAX_PAGE_LENGTH} (${where})`,
        show(view.limit),
        response,
      );
    },
  },
});

/**
 * PAGE-MAX-LIMIT (§8): `page[limit]` above 100 never answers more than 100 records: 4xx, or 2xx with at most
 * 100 records and `meta.page.limit` an integer of at most 100 (§8 leaves clamping or rejecting open). Judged
 * on every listing request (any paginated call: the two listings, `/v2/orders`, `/v2/files`) whose
 * `page[limit]` is an integer above the maximum, whatever its other parameters.
 */

import { HARD_LISTINGS, LISTINGS } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_PAGE_LENGTH } from '../../helpers/limits.ts';
import { viewPage } from '../../helpers/listing/page.ts';
import { pageParamsOf } from './read.ts';

export default rule({
  id: 'PAGE-MAX-LIMIT',
  level: 'MUST',
  section: '§8',
  title:
    '`page[limit]` above 100 never answers more than 100 records: the request is either rejected with 4xx or answered with `meta.page.limit` at most 100.',
  exchange: {
    scope: { methods: ['GET'], paths: [...LISTINGS, ...HARD_LISTINGS], status: 'not 5xx' },
    judge: (x, t) => {
      const where = pageParamsOf(x, t, (p) => p.limit.kind === 'above');
      const { response } = x;
      if (response.statusClass === '4xx') {
        t.expectStatus(response, '4xx');
        return;
      }
      t.assert(
        response.ok,
        `4xx, or 2xx with at most ${MAX_PAGE_LENGTH} records (${where})`,
        () => `${response.status} ${response.text.slice(0, 200)}`,
        response,
      );
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

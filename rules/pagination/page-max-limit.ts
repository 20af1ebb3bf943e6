/**
 * §8 leaves clamping or rejecting open; judged on every paginated call: whatever its parameters say (a limit
 * above 100, none, or one spelt oddly, `1e3`), no page holds more than 100 records or says its limit is more.
 */
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_PAGE_LENGTH } from '../../helpers/limits.ts';
import { viewPage } from '../../helpers/listing/page.ts';
import { pageParams } from '../../helpers/listing/params.ts';
import { pagedCalls, refusedOr2xx, whereOf } from './read.ts';

/** `meta.page.limit` as the answer gives it, when a number. */
const limitOf = (json: unknown) => {
  const page = isObject(json) && isObject(json.meta) && isObject(json.meta.page) ? json.meta.page : {};
  return typeof page.limit === 'number' ? page.limit : undefined;
};

export default rule({
  id: 'PAGE-MAX-LIMIT',
  level: 'MUST',
  section: '§8',
  title:
    '`page[limit]` above 100 never answers more than 100 records: the request is either rejected with 4xx or answered with `meta.page.limit` at most 100.',
  exchange: {
    scope: pagedCalls,
    judge: (x, t) => {
      const params = pageParams(x.query);
      const where = whereOf(x, params);
      const above = params.ambiguous === undefined && params.limit.kind === 'above';
      if (above) {
        if (refusedOr2xx(x, t, `at most ${MAX_PAGE_LENGTH} records (${where})`)) return;
      } else t.need(x.response.ok, 'not a successful answer');
      const { response } = x;
      const view = viewPage(response.json);
      // Past a limit above the maximum, a data array; on any other call, the envelope rule's own subject.
      if (!above) t.need(view.data, 'the answer has no data array');
      t.assert(
        view.data !== undefined && view.data.length <= MAX_PAGE_LENGTH,
        `at most ${MAX_PAGE_LENGTH} records in data (${where})`,
        view.data === undefined ? 'no data array' : `${view.data.length} records`,
        response,
      );
      // Past a limit above the maximum, an integer; on any other call, any number it gives.
      const limit = above ? view.limit : limitOf(response.json);
      t.assert(
        above
          ? limit !== undefined && limit <= MAX_PAGE_LENGTH
          : limit === undefined || limit <= MAX_PAGE_LENGTH,
        `meta.page.limit ${above ? 'an integer ' : ''}of at most ${MAX_PAGE_LENGTH} (${where})`,
        show(above ? view.limit : limit),
        response,
      );
    },
  },
});

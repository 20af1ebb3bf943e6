/**
 * PAGE-META-EMPTY (§4.3, pagination rule 2): the pagination fields of `meta` (`meta.page.limit`, `.offset`,
 * `.current`, `.total`, `meta.results.total`, integers) are present on a listing with no records. Judged on
 * every empty ordinary page of a listing: pages past the end, at the end itself, at the offset limit.
 */
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { missingPaginationMeta } from '../../helpers/listing/page.ts';
import { onListingPage } from './page.ts';

export default rule('PAGE-META-EMPTY', {
  exchange: onListingPage(
    (page, x, t) => {
      t.need(page.view.data?.length === 0, 'the page is not empty');
      const body = x.response.json;
      const missing = missingPaginationMeta(body);
      t.assert(
        missing.length === 0,
        `meta.page.limit, .offset, .current, .total and meta.results.total as integers on an empty page (${page.where})`,
        () =>
          `missing or not integers: ${missing.join(', ')}; meta: ${show(isObject(body) ? body.meta : undefined)}`,
        x.response,
      );
    },
    { emptyWithoutMeta: true },
  ),
});

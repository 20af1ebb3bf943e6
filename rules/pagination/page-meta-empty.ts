/**
 * PAGE-META-EMPTY (§4.3, pagination rule 2): the pagination fields of `meta` (`meta.page.limit`, `.offset`,
 * `.current`, `.total`, `meta.results.total`, integers) are present on a listing with no records. Judged on
 * every empty ordinary page of a listing (pages past the end, at the end itself, at the offset limit) once the
 * run has seen ordinary pages of that listing with the listing envelope, and none without (a listing whose
 * pages all lack a field is PAGE-ENVELOPE's failure: an empty page lacking it too shows nothing more).
 */
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { missingPaginationMeta } from '../../helpers/listing/page.ts';
import { onListingPage } from './read.ts';

export default rule('PAGE-META-EMPTY', {
  exchange: onListingPage(
    (page, x, t, known) => {
      t.need(page.view.data?.length === 0, 'the page is not empty');
      t.need(
        known.listingEnvelope(x.template, x.sent) === 'valid',
        'no ordinary page of the listing with a valid listing envelope seen before (see PAGE-ENVELOPE): what an empty page lacks of the others cannot be told',
      );
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

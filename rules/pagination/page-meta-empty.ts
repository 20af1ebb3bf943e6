/** Judged once the run has seen the listing's pages with a valid listing envelope (else that rule's). */
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { missingPaginationMeta } from '../../helpers/listing/page.ts';
import { onPages } from './read.ts';

export default rule({
  id: 'PAGE-META-EMPTY',
  level: 'MUST',
  section: '§4.3',
  title: 'The pagination fields of `meta` are present on a listing with no records (an offset past the end).',
  exchange: onPages((page, x, t) => {
    t.need(page.view.data?.length === 0, 'the page is not empty');
    t.need(
      t.known.listingEnvelope(x.template, x.sent) === 'valid',
      'no ordinary page of the listing with a valid listing envelope seen before: what an empty page lacks of the others cannot be told',
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
  }, true),
});

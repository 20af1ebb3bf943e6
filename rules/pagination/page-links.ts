/**
 * PAGE-LINKS (§2.5): `links.current`, `links.first` and `links.last` are URLs (absolute, or relative to the
 * target; brackets literal or percent-encoded, parameters in any order) carrying integer `page[limit]` and
 * `page[offset]`; `first` has offset 0; `current` the offset asked for (0 when none was) and the page length
 * the page used (`meta.page.limit`: a wrong one is PAGE-LIMIT's failure). Judged on every ordinary page.
 */
import { rule } from '../../helpers/judge/rule.ts';
import { linkExpectations } from '../../helpers/listing/expect.ts';
import { assertAll, onListingPage } from './read.ts';

export default rule('PAGE-LINKS', {
  exchange: onListingPage((page, x, t, known) =>
    assertAll(t, linkExpectations(page.view, page.asked, known.settings.baseUrl), x, page.where),
  ),
});

/**
 * PAGE-LINKS (§2.5): `links.current`, `links.first` and `links.last` are URLs (absolute, or relative to the
 * target; brackets literal or percent-encoded, parameters in any order) carrying integer `page[limit]` and
 * `page[offset]`; `first` has offset 0; `current` the offset asked for (0 when none was) and the page length
 * the page used (`meta.page.limit`: a wrong one is the page-limit rule's failure). Judged on every ordinary page.
 */
import { rule } from '../../helpers/judge/rule.ts';
import { linkExpectations } from '../../helpers/listing/expect.ts';
import { assertAll, listingPages, pageOf } from './read.ts';

export default rule({
  id: 'PAGE-LINKS',
  level: 'MUST',
  section: '§2.5',
  title:
    '`links.current`, `links.first` and `links.last` carry `page[limit]` and `page[offset]`; `first` has offset 0 and `current` the offset asked for.',
  exchange: {
    scope: listingPages(),
    judge: (x, t) => {
      const page = pageOf(x, t);
      assertAll(t, linkExpectations(page.view, page.asked, t.settings.baseUrl), x, page.where);
    },
  },
});

/** Links are absolute or relative URLs in any spelling; `current` carries the page length used. */
import { rule } from '../../helpers/judge/rule.ts';
import { linkExpectations } from '../../helpers/listing/expect.ts';
import { assertAll, onPages } from './read.ts';

export default rule({
  id: 'PAGE-LINKS',
  level: 'MUST',
  section: '§2.5',
  title:
    '`links.current`, `links.first` and `links.last` carry `page[limit]` and `page[offset]`; `first` has offset 0 and `current` the offset asked for.',
  exchange: onPages((page, x, t) =>
    assertAll(t, linkExpectations(page.view, page.asked, t.settings.baseUrl), x, page.where),
  ),
});

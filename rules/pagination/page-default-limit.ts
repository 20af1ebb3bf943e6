/** The configured default is `CONFORMANCE_DEFAULT_PAGE_LIMIT`. */
import { rule } from '../../helpers/judge/rule.ts';
import { onPages } from './read.ts';

export default rule({
  id: 'PAGE-DEFAULT-LIMIT',
  level: 'SHOULD',
  section: '§8',
  title:
    'Without `page[limit]`, `meta.page.limit` is the default page length, 100 (a target may set another project-wide; the suite takes the expected value from its configuration).',
  exchange: onPages((page, x, t) => {
    t.need(page.given.limit === undefined, 'page[limit] given');
    t.need(page.view.limit !== undefined, 'no integer meta.page.limit');
    const what = `meta.page.limit (${page.where}; the default page length configured)`;
    t.expectEqual(page.view.limit, t.settings.defaultPageLimit, what, x.response);
  }),
});

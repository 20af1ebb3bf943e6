/**
 * PAGE-DEFAULT-LIMIT (§8): without `page[limit]`, `meta.page.limit` is the default page length, 100, or the
 * one the target was configured with project-wide (`CONFORMANCE_DEFAULT_PAGE_LIMIT`). Judged on every
 * ordinary page without `page[limit]`.
 */
import { rule } from '../../helpers/judge/rule.ts';
import { onListingPage } from './read.ts';

export default rule('PAGE-DEFAULT-LIMIT', {
  exchange: onListingPage((page, x, t, known) => {
    t.need(page.given.limit === undefined, 'page[limit] given');
    t.need(page.view.limit !== undefined, 'no integer meta.page.limit (see PAGE-ENVELOPE)');
    t.expectEqual(
      page.view.limit,
      known.settings.defaultPageLimit,
      `meta.page.limit (${page.where}; the default page length configured)`,
      x.response,
    );
  }),
});

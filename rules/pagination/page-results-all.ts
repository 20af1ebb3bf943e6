/**
 * PAGE-RESULTS-ALL (§2.5, INFO): whether `meta.results.all` is present, and its value ("present in the
 * category examples"): observed on the page without parameters of each listing, never judged.
 */
import { check } from '../../helpers/check/check.ts';
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import type { ListingProbes, PaginationProbes } from '../../probes/pagination.ts';

export default rule<PaginationProbes>('PAGE-RESULTS-ALL', {
  flows: ({ listings }) =>
    check(
      'PAGE-RESULTS-ALL',
      'whether the listings have meta.results.all, and its value',
      async (t, listing: ListingProbes) => {
        const plain = await listing.plain();
        t.attach(plain);
        const body = plain.json;
        const meta = isObject(body) && isObject(body.meta) ? body.meta : undefined;
        const results = meta && isObject(meta.results) ? meta.results : undefined;
        t.observe(listing.endpoint, {
          status: plain.status,
          present: results !== undefined && 'all' in results,
          value: results?.all,
          'results.total': results?.total,
        });
      },
      { inputs: { show: (l: ListingProbes) => `GET ${l.endpoint}`, gate: listings } },
    ),
});

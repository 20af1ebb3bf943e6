import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import type { ListingProbes, PaginationProbes } from '../../probes/pagination.ts';

export default rule({
  id: 'PAGE-RESULTS-ALL',
  level: 'INFO',
  section: '§2.5',
  title: 'Whether `meta.results.all` is present, and its value.',
  flows: ({ listings }: PaginationProbes, check) =>
    check(
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

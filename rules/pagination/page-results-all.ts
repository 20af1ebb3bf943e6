import { isObject } from '../../helpers/http/response.ts';
import { field } from '../../helpers/judge/resources.ts';
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
        const results = field(field(plain.json, 'meta'), 'results');
        t.observe(listing.endpoint, {
          status: plain.status,
          present: isObject(results) && 'all' in results,
          value: field(results, 'all'),
          'results.total': field(results, 'total'),
        });
      },
      { inputs: { show: (l: ListingProbes) => `GET ${l.endpoint}`, gate: listings } },
    ),
});

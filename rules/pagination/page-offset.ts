/** The meta on every ordinary page that gives `page[offset]`; the skipping on each listing's offset pair. */
import { skip, unjudgeable } from '../../helpers/check/failure.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { offsetExpectations } from '../../helpers/listing/expect.ts';
import { viewPage } from '../../helpers/listing/page.ts';
import { DESCRIBED, described, PAIR, pairDiscrepancies, skipped } from '../../helpers/listing/pair.ts';
import type { ListingProbes, PaginationProbes } from '../../probes/pagination.ts';
import pageEnvelope from './page-envelope.ts';
import { assertAll, onPages } from './read.ts';

export default rule({
  id: 'PAGE-OFFSET',
  level: 'MUST',
  section: '§4.3',
  title: '`page[offset]=k` skips `k` records, and `meta.page.offset` = `k` (records, not pages).',
  requires: [pageEnvelope],
  exchange: onPages((page, x, t) => {
    const offset = t.need(page.given.offset, 'no page[offset] given');
    t.need(page.view.offset !== undefined, 'no integer meta.page.offset');
    assertAll(t, offsetExpectations(page.view, { offset }), x, page.where);
  }),
  flows: ({ listings }: PaginationProbes, check) => {
    if (check.selected) for (const listing of listings) listing.compares('pair');
    check(
      `page[offset]=${PAIR.b.offset} skips ${PAIR.b.offset} record: the page equals the page at offset 0 without its first record; page[offset] given twice, or alone, the records are those its meta.page.offset says`,
      async (t, listing: ListingProbes) => {
        const settled = await listing.pair();
        const { a, b, repeated, alone } = settled.value;
        t.attach(a, b, repeated, alone);
        if ((viewPage(a.json).data?.length ?? 0) < 2)
          skip(
            `the listing holds fewer than 2 records (or page[offset]=0 is no listing): skipping a record cannot be compared${await listing.ownFailure()}`,
          );
        const problems = pairDiscrepancies(settled.value);
        if (problems.length > 0 && settled.outcome === 'unsettled')
          unjudgeable(
            `the listing changed during every attempt (${settled.attempts}) to read the pair, so it could not be compared (another client's writes; the run's own wait for it); last discrepancy: ${problems[0]}`,
          );
        const skipping = skipped(a, b);
        t.assert(
          skipping.length === 0,
          `the page at offset ${PAIR.b.offset} (limit ${PAIR.b.limit}) to hold records 2 and 3 of the page at offset 0, in the same order`,
          () => skipping.join('; '),
          b,
        );
        const reading = described(a, repeated, DESCRIBED.repeated);
        t.assert(
          reading.length === 0,
          `page[offset] given twice (${DESCRIBED.repeated}): whichever offset was read, the records at the offset meta.page.offset says`,
          () => reading.join('; '),
          repeated,
        );
        const given = described(a, alone, DESCRIBED.alone);
        t.assert(
          given.length === 0,
          `page[offset] alone (${DESCRIBED.alone}): the records at the offset meta.page.offset says`,
          () => given.join('; '),
          alone,
        );
      },
      { inputs: { show: (l: ListingProbes) => `GET ${l.endpoint}`, gate: listings } },
    );
  },
});

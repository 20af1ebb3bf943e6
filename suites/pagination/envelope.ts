/**
 * What every page of a listing carries (§2.5): PAGE-ENVELOPE, PAGE-DEFAULT-LIMIT, PAGE-META-EMPTY,
 * PAGE-RESULTS-ALL, and the rules judged on every record of the pages fetched (CAT-SCHEMA or PRD-SCHEMA,
 * ENV-TYPE).
 */
import { check } from '../../helpers/check/check.ts';
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { missingPaginationMeta, viewPage } from '../../helpers/listing/page.ts';
import { describePage } from './expect.ts';
import type { Listing, SuiteRun } from './pages.ts';
import { PAST_END, type Probes } from './probes.ts';

export function envelopeChecks({ info }: SuiteRun, listing: Listing, p: Probes): void {
  const { endpoint } = listing;

  check(
    'PAGE-ENVELOPE',
    `GET ${endpoint} (no parameters, and two small pages) answers the listing envelope`,
    async (t) => {
      const plain = await p.plain();
      t.attach(plain);
      t.expectStatus(plain, '2xx');
      t.expectSchema(plain.json, 'listing-envelope', `the body of GET ${endpoint}`, plain);
      const { pages } = await p.pairPages(t);
      for (const page of pages) {
        t.expectStatus(page.response, '2xx');
        t.expectSchema(
          page.response.json,
          'listing-envelope',
          `the body (${describePage(page)})`,
          page.response,
        );
      }
    },
  );

  check(
    'PAGE-DEFAULT-LIMIT',
    `GET ${endpoint} without page[limit] answers meta.page.limit = the default page length (configured: ${info.defaultPageLimit})`,
    async (t) => {
      const plain = await p.plain();
      t.attach(plain);
      t.expectStatus(plain, '2xx');
      t.expectEqual(viewPage(plain.json).limit, info.defaultPageLimit, 'meta.page.limit', plain);
    },
  );

  check(
    listing.schemaRule,
    `every ${listing.kind} of the pages of GET ${endpoint} fetched (default length, offset pair, walk) matches the ${listing.kind} schema`,
    async (t) => {
      const seenRecords = await p.records(t);
      t.need(
        seenRecords.length > 0,
        `no ${listing.kind} to look at: the listing is empty, or no page answered 2xx${await p.ownFailure()}`,
      );
      for (const { item, where, response } of seenRecords)
        t.expectSchema(item, listing.kind, where, response);
    },
  );

  check(
    'ENV-TYPE',
    `every record of the pages of GET ${endpoint} fetched has type "${listing.kind}"`,
    async (t) => {
      const seenRecords = await p.records(t);
      t.need(
        seenRecords.length > 0,
        `no record to look at: the listing is empty, or no page answered 2xx${await p.ownFailure()}`,
      );
      for (const { item, where, response } of seenRecords) {
        t.expectEqual(isObject(item) ? item.type : undefined, listing.kind, `${where}.type`, response);
      }
    },
  );

  check('PAGE-RESULTS-ALL', `whether GET ${endpoint} has meta.results.all, and its value`, async (t) => {
    const plain = await p.plain();
    t.attach(plain);
    const meta = isObject(plain.json) && isObject(plain.json.meta) ? plain.json.meta : undefined;
    const results = meta && isObject(meta.results) ? meta.results : undefined;
    t.observe('status', plain.status);
    t.observe('present', results !== undefined && 'all' in results);
    t.observe('value', results?.all);
    t.observe('results.total', results?.total);
  });

  check(
    'PAGE-META-EMPTY',
    `a page past the end (offset results.total + ${PAST_END}) still has the pagination fields of meta`,
    async (t) => {
      const { offset, response } = await p.pastEnd();
      t.attach(response);
      t.expectStatus(response, '2xx');
      const view = viewPage(response.json);
      const data = t.expectArray(view.data, 'data', response);
      t.need(
        data.length === 0,
        `the page at offset ${offset} is not empty (${data.length} records): the listing grew meanwhile, or the offset is not applied (PAGE-OFFSET)`,
      );
      const missing = missingPaginationMeta(response.json);
      t.assert(
        missing.length === 0,
        'meta.page.limit, .offset, .current, .total and meta.results.total as integers on an empty page',
        () =>
          `missing or not integers: ${missing.join(', ')}; meta: ${show(isObject(response.json) ? response.json.meta : undefined)}`,
        response,
      );
    },
  );
}

/**
 * Listings and pagination (§2.3–§2.5, §4.3, §8): `GET /v2/categories` and `GET /v2/products`.
 *
 * The entry of the pagination area. The target may hold any number of categories and products besides the
 * suite's own, in any order, and other clients (the other suites among them) may create and delete records
 * while these checks run. The shared requests of each listing (`pagination/probes.ts`) are sent once: one
 * page without parameters; a walk of 3 to 4 pages whose length is chosen from `meta.results.total` (up to 5
 * when the listing grew meanwhile; a listing of more than 500 records is walked over its first 3 pages, then
 * the page that `links.last` names); a second walk at page length total − 1 (2 pages: one full page and a
 * last page of one record; pages of 100 beyond 101 records); two pages for the offset; one page past the
 * end. Then, per listing, one page above the maximum limit and one above the soft offset limit; on
 * categories only the 7 malformed parameter values and a page length far above the maximum; and the two
 * hard offset limits (orders, files). About 32 reads in all, plus 6 creates and 6 deletes; the depth checks
 * add the boundary pages of each listing (`pagination/depth.ts`), and in the deep profile generated pages
 * and walks. The checks:
 * - `pagination/envelope.ts`: what every page carries, and the records on the pages;
 * - `pagination/walk.ts`: limit, offset, links, the two walks and the counts (`walk-verdicts.ts`);
 * - `pagination/limits.ts`: the limits of §8 and malformed page parameters;
 * - `pagination/depth.ts`, `depth-limits.ts`, `depth-walks.ts`: boundary and generated pages, limits and
 *   walks (issue 10).
 */
import { describe } from 'vitest';
import { suiteRun } from '../helpers/run/suite.ts';
import { replayRecorded } from './authentication/recorded.ts';
import { depthChecks } from './pagination/depth.ts';
import { depthLimitChecks } from './pagination/depth-limits.ts';
import { depthWalkChecks } from './pagination/depth-walks.ts';
import { envelopeChecks } from './pagination/envelope.ts';
import { listingLimitChecks, parameterChecks } from './pagination/limits.ts';
import { listings } from './pagination/pages.ts';
import { probes } from './pagination/probes.ts';
import { walkChecks } from './pagination/walk.ts';

const run = suiteRun();

const [categoryListing, productListing] = listings(run);
const categories = { listing: categoryListing, p: probes(run, categoryListing) };
const products = { listing: productListing, p: probes(run, productListing) };

for (const { listing, p } of [categories, products]) {
  describe.concurrent(`listing ${listing.endpoint}`, () => {
    envelopeChecks(run, listing, p);
    walkChecks(run, listing, p);
    listingLimitChecks(listing, p);
    depthChecks(run, listing, p);
  });
}

describe.concurrent('pagination limits and parameters', () => {
  parameterChecks(categories.p);
  depthLimitChecks(categories.p, products.p);
  depthWalkChecks(run, [categories, products]);
});

// Last: once the checks above are done, what they sent is sent again without valid credentials.
replayRecorded(run.info, 'pagination');

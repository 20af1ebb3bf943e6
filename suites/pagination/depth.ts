/**
 * Depth of the pagination area (§2.5, §8; issue 10). Both profiles: pages at the boundaries of each listing,
 * relative to its own total (the first and last record, a partial last page, exactly the whole listing, the
 * end and past it, the offset limit; last pages at an offset that is not a multiple of the limit with a page
 * boundary inside them; all asked again when the total moved), each judged by every per-page rule
 * (`page-rules.ts`). Deep: pages
 * drawn over the whole range of page[limit] and page[offset] (`helpers/depth/arbitraries.ts`), each fetched
 * once and judged by every per-page rule, from one share of the request budget per listing.
 */
import { check } from '../../helpers/check/check.ts';
import { type PageAsk, pageAsks } from '../../helpers/depth/arbitraries.ts';
import { judgeEach } from '../../helpers/depth/each.ts';
import { exploreCheck } from '../../helpers/depth/explore.ts';
import { ExplorationPool } from '../../helpers/depth/pool.ts';
import { once } from '../../helpers/fixtures/once.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { MAX_PAGE_LENGTH, OFFSET_LIMIT } from '../../helpers/limits.ts';
import { pagePath } from '../../helpers/listing/page.ts';
import { describePage } from './expect.ts';
import { PAGE_RULES } from './page-rules.ts';
import { type Listing, type SeenPage, type SuiteRun, seen } from './pages.ts';
import type { Probes } from './probes.ts';

/**
 * The boundary pages of a listing of `total` records: limits 1 and the maximum at the start; the last
 * record alone and with a page length of 2 (a partial page); exactly the whole listing in one page; the
 * end itself and one past it; the last page start at page length 3; the offset limit of §8.
 */
export function boundaryAsks(total: number): PageAsk[] {
  const last = Math.max(0, total - 1);
  const asks: PageAsk[] = [
    { limit: 1, offset: 0 },
    { limit: MAX_PAGE_LENGTH, offset: 0 },
    { limit: 1, offset: last },
    { limit: 2, offset: last },
    { limit: Math.min(Math.max(total, 1), MAX_PAGE_LENGTH), offset: 0 },
    { limit: MAX_PAGE_LENGTH, offset: total },
    { limit: 1, offset: total + 1 },
    { limit: 3, offset: 3 * Math.floor(last / 3) },
    { limit: 1, offset: OFFSET_LIMIT },
  ];
  const keys = new Set<string>();
  return asks.filter((ask) => {
    const key = `${ask.limit}/${ask.offset}`;
    if (keys.has(key) || ask.offset > OFFSET_LIMIT) return false;
    keys.add(key);
    return true;
  });
}

/**
 * Last pages at an offset that is not a multiple of the limit, with a page boundary inside them (the last
 * record is on a later page number than the first): offset 1 at page length total − 1 (one full page), and
 * offset total − 2 at page length 2 when that offset is odd. None for a listing of fewer than 3 records.
 */
export function straddlingLastPages(total: number): PageAsk[] {
  const asks: PageAsk[] = [];
  if (total >= 3 && total - 1 <= MAX_PAGE_LENGTH) asks.push({ limit: total - 1, offset: 1 });
  if (total >= 3 && (total - 2) % 2 === 1) asks.push({ limit: 2, offset: total - 2 });
  return asks;
}

/** How many times pages computed from a listing's total are asked for, when the total moved under them. */
const ATTEMPTS = 3;

/**
 * The pages `asksFor(total)` of a listing of `total` records, as answered for that total: when a page
 * answers another `meta.results.total` (other clients create and delete records meanwhile), the pages are
 * asked again for the total it answered, at most {@link ATTEMPTS} times. A page asked for another total than
 * the listing holds may be a full page ending at the end, where only a right total tells the last page from
 * another. Returns the last attempt's pages, and whether their answers all said the total they were asked for.
 */
async function pagesForTotal(
  get: (path: string) => Promise<ApiResponse>,
  { endpoint, total, asksFor }: { endpoint: string; total: number; asksFor: (total: number) => PageAsk[] },
): Promise<{ pages: SeenPage[]; settled: boolean }> {
  let known = total;
  let pages: SeenPage[] = [];
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const asks = asksFor(known);
    pages = await Promise.all(asks.map(async (ask) => seen(await get(pagePath(endpoint, ask)), ask)));
    const moved = pages.find(
      (page) => page.view.resultsTotal !== undefined && page.view.resultsTotal !== known,
    )?.view.resultsTotal;
    if (moved === undefined) return { pages, settled: true };
    known = moved;
  }
  return { pages, settled: false };
}

export function depthChecks({ info, api }: SuiteRun, listing: Listing, p: Probes): void {
  const { endpoint } = listing;
  const boundaries = once(async (): Promise<SeenPage[]> => {
    const total = await p.total();
    const get = (path: string) => api.get(path);
    const [fixed, straddling] = await Promise.all([
      pagesForTotal(get, { endpoint, total, asksFor: boundaryAsks }),
      pagesForTotal(get, { endpoint, total, asksFor: straddlingLastPages }),
    ]);
    // A straddling page is judged only as asked for the total the listing answered (see pagesForTotal).
    return [...fixed.pages, ...(straddling.settled ? straddling.pages : [])];
  });

  for (const pageRule of PAGE_RULES) {
    check(
      pageRule.rule,
      `${pageRule.what}, on the boundary pages of GET ${endpoint} (relative to its results.total)`,
      async (t) => {
        const pages = await boundaries();
        await judgeEach(t, {
          inputs: pages,
          show: describePage,
          judge: async (page) => {
            t.attach(page.response);
            pageRule.judge(t, page, info.baseUrl);
          },
        });
      },
    );
  }

  if (info.depth !== 'deep') return;
  const name = listing.kind === 'category' ? 'pagination/categories' : 'pagination/products';
  const pool = new ExplorationPool(name, info);
  for (const pageRule of PAGE_RULES) {
    exploreCheck(pageRule.rule, `${pageRule.what}, on generated pages of GET ${endpoint}`, async (t) => ({
      name,
      pool,
      arbitrary: pageAsks(await p.total()),
      show: (ask: PageAsk) => `page[limit]=${ask.limit}&page[offset]=${ask.offset}`,
      judge: async (ask: PageAsk, client) => {
        const page = seen(await client.get(pagePath(endpoint, ask)), ask);
        pageRule.judge(t, page, info.baseUrl);
      },
    }));
  }
}

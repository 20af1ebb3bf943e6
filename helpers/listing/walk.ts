/**
 * Walking a listing by following `links.next` (§2.5), at a cost that does not grow
 * with the listing: up to 400 records are walked in full in 3 to 4 pages ({@link walkLimit}), and so is any
 * walk whose first page announces at most 5 pages; a longer listing is walked partially, the first pages
 * through `links.next`, then the page the first page's `links.last` names. The walk only sends requests
 * through `fetch` and records what came back; the judgement is {@link walkProblems} (the discrepancies
 * between requests) and the per-page expectations of `expect.ts` on every page it fetched
 * ({@link walkPageExpectations}: those asked for ahead that no link named are pages too). Given the listing's
 * size, it asks for the pages it expects all at once (`expectedTotal`), so that a distant target is walked in
 * one round trip.
 */
import { MAX_PAGE_LENGTH } from '../limits.ts';
import { type Expectation, prevNextExpectations } from './expect.ts';
import { clamp, duplicateIds, type PageView, pagePath, parsePageLink, pathOfLink, viewPage } from './page.ts';
import { type Settled, settle } from './settle.ts';

/** What the walk needs of a response. */
export interface ListingResponse {
  readonly status: number;
  readonly json: unknown;
}

/** One page the walk fetched. */
export interface WalkedPage<R> {
  readonly response: R;
  /** The path that was requested (the endpoint and a query string). */
  readonly path: string;
  /** The offset this page was asked for: from the followed link, else the page's own `meta.page.offset`. */
  readonly offset: number | undefined;
  readonly view: PageView;
}

export interface Walk<R> {
  readonly limit: number;
  /** `full`: `links.next` was followed to the end; `partial`: the first pages, then `links.last`. */
  readonly mode: 'full' | 'partial';
  /** The first page and the pages reached through `links.next`, in order. */
  readonly pages: readonly WalkedPage<R>[];
  /** Partial walk: the page named by the first page's `links.last`. */
  readonly last?: WalkedPage<R>;
  /**
   * Full walk that found fewer records than `meta.results.total`: the page right after the walk's end, which
   * tells whether the walk stopped early (it holds records) or the total is too high (it is empty).
   */
  readonly after?: WalkedPage<R>;
  /**
   * Full walk that found a number of records other than `meta.results.total`: the first page at the maximum
   * length (`page[limit]=100&page[offset]=0`), an independent list of the first records, which tells whether
   * the walk missed records (they are on it but were not visited) or the total is wrong.
   */
  readonly reference?: WalkedPage<R>;
  /**
   * Partial walk whose last page holds other than the `results.total - offset` records left: the page at the
   * maximum length that ends the listing (`page[offset]` = results.total − 100, at least 0), which tells
   * whether the last page misses records (they are on it: PAGE-WALK) or the total is wrong (PAGE-COUNTS).
   */
  readonly tail?: WalkedPage<R>;
  /**
   * The pages asked for ahead (`expectedTotal`) that no link named, each with the offset it was asked for:
   * pages all the same, judged like those the walk followed.
   */
  readonly ahead?: readonly WalkedPage<R>[];
  /** Why the walk could not go on (a page that is not a 2xx listing, a link that is not a URL…). */
  readonly broken?: string;
}

export interface WalkOptions<R extends ListingResponse> {
  /** The listing's path, e.g. `/v2/categories`. */
  readonly endpoint: string;
  /** The target, to resolve relative links. */
  readonly baseUrl: string;
  /** The page length of the walk (see {@link walkLimit}). */
  readonly limit: number;
  /**
   * How many records the listing held when last read: the pages it makes (up to 5; for a longer listing the
   * first 3 and the last) are asked for at once with the first, at the offsets the walk expects; a link
   * naming exactly one of those paths takes its answer, any other is fetched when followed. A walk costs one
   * round trip.
   */
  readonly expectedTotal?: number;
  /** Sends one GET (the path includes the query string). */
  readonly fetch: (path: string) => Promise<R>;
}

/** A walk is full when the first page announces at most this many pages; else partial, over this many first. */
const MAX_FULL_PAGES = 5;
const PARTIAL_PAGES = 3;

/**
 * The page length of a walk over `total` records: ceil(total / 4), between 1 and 100, so that a listing of
 * 3 to 400 records is walked in 3 or 4 pages (with a middle page to look at).
 */
export function walkLimit(total: number): number {
  return clamp(Math.ceil(total / 4), 1, MAX_PAGE_LENGTH);
}

/**
 * The page length of the second walk, so that a server right at one
 * page length and wrong at another is walked at both: total − 1, between 1 and 100, a walk short and shaped
 * unlike the first: one full page and a last page of one record (3 to 101 records), or pages of 100 (a
 * longer listing). Where that is the first walk's length, the length next to it: 2 for a listing of 1 or 2
 * records (the whole listing in one page), 99 from 397 records (where the first walk is at 100).
 */
export function otherWalkLimit(total: number): number {
  const first = walkLimit(total);
  const length = clamp(total - 1, 1, MAX_PAGE_LENGTH);
  if (length !== first) return length;
  return length < MAX_PAGE_LENGTH ? length + 1 : length - 1;
}

function isListing(response: ListingResponse, view: PageView): boolean {
  return response.status >= 200 && response.status < 300 && view.data !== undefined;
}

function describe(page: WalkedPage<ListingResponse>): string {
  return page.view.data === undefined && page.response.status >= 200 && page.response.status < 300
    ? `answered ${page.response.status} without a data array`
    : `answered ${page.response.status}`;
}

/** Walks a listing once (one attempt); see the module comment. */
export async function walkListing<R extends ListingResponse>(options: WalkOptions<R>): Promise<Walk<R>> {
  const { endpoint, baseUrl, limit } = options;

  const ahead = new Map<string, { readonly offset: number; readonly answer: Promise<R> }>();
  const get = async (path: string, asked: number | undefined): Promise<WalkedPage<R>> => {
    const early = ahead.get(path);
    ahead.delete(path);
    const response = await (early?.answer ?? options.fetch(path));
    const view = viewPage(response.json);
    return { response, path, offset: asked ?? view.offset, view };
  };

  const firstPath = pagePath(endpoint, { limit, offset: 0 });
  const expected = options.expectedTotal === undefined ? 0 : Math.ceil(options.expectedTotal / limit);
  // A full walk's pages, or a partial walk's first pages and its last one (at the start of the last page).
  const offsets =
    expected <= 1
      ? []
      : expected <= MAX_FULL_PAGES
        ? Array.from({ length: expected }, (_, page) => page * limit)
        : [...Array.from({ length: PARTIAL_PAGES }, (_, page) => page * limit), (expected - 1) * limit];
  for (const offset of offsets) {
    const path = pagePath(endpoint, { limit, offset });
    const answer = options.fetch(path);
    answer.catch(() => undefined);
    ahead.set(path, { offset, answer });
  }
  let walk: Walk<R>;
  try {
    walk = await follow();
  } finally {
    // Pages asked for ahead that no link named: their answers are in, before the walk is judged.
    await Promise.allSettled([...ahead.values()].map((early) => early.answer));
  }
  const left: WalkedPage<R>[] = [];
  for (const [path, { offset, answer }] of ahead) {
    const response = await answer.catch(() => undefined);
    if (response !== undefined) left.push({ response, path, offset, view: viewPage(response.json) });
  }
  return left.length === 0 ? walk : { ...walk, ahead: left };

  async function follow(): Promise<Walk<R>> {
    const first = await get(firstPath, 0);
    const pages: WalkedPage<R>[] = [first];
    if (!isListing(first.response, first.view)) {
      return { limit, mode: 'full', pages, broken: `the first page (${firstPath}) ${describe(first)}` };
    }
    const total = first.view.resultsTotal;
    const announced = total === undefined ? undefined : Math.ceil(total / limit);
    const mode = announced !== undefined && announced > MAX_FULL_PAGES ? 'partial' : 'full';
    const bound = mode === 'partial' ? PARTIAL_PAGES : Math.max(announced ?? MAX_FULL_PAGES, 1) + 1;

    let broken: string | undefined;
    for (;;) {
      const current = pages[pages.length - 1] as WalkedPage<R>;
      const where = `the page at offset ${current.offset ?? '?'}`;
      const next = current.view.links.next;
      if (next === null) break;
      if (pages.length >= bound) {
        if (mode === 'full') {
          broken = `links.next is still set after ${bound} pages of ${limit} (the first page announced ${total ?? '?'} records)`;
        }
        break;
      }
      const link = parsePageLink(next, baseUrl);
      if (link === undefined) {
        broken = `links.next of ${where} is not a URL: ${JSON.stringify(next) ?? 'absent'}`;
        break;
      }
      // A links.next that names the page itself would have a client fetch it forever: the walk ends there.
      // Whether that page is the end is judged by what the walk visited (records missed); a links.next
      // on the last page is judged on the page.
      if (link.offset === current.offset && (link.limit === undefined || link.limit === limit)) break;
      const page = await get(pathOfLink(endpoint, link), link.offset);
      pages.push(page);
      if (!isListing(page.response, page.view)) {
        broken = `the page that links.next of ${where} names (${page.path}) ${describe(page)}`;
        break;
      }
    }
    if (broken !== undefined) return { limit, mode, pages, broken };

    if (mode === 'partial') {
      const link = parsePageLink(first.view.links.last, baseUrl);
      if (link === undefined) {
        return {
          limit,
          mode,
          pages,
          broken: `links.last of the first page is not a URL: ${JSON.stringify(first.view.links.last) ?? 'absent'}`,
        };
      }
      // A links.last without page parameters names no page to fetch (the links rule's failure): the page at
      // the start of the last page, by the first page's total, is asked for instead.
      const total = first.view.resultsTotal;
      const lastOffset = total === undefined ? undefined : Math.max(0, Math.ceil(total / limit) - 1) * limit;
      const unusable = link.offset === undefined || link.limit === undefined;
      const last =
        unusable && lastOffset !== undefined
          ? await get(pagePath(endpoint, { limit, offset: lastOffset }), lastOffset)
          : await get(pathOfLink(endpoint, link), link.offset);
      if (!isListing(last.response, last.view)) {
        return {
          limit,
          mode,
          pages,
          last,
          broken: `the page that links.last names (${last.path}) ${describe(last)}`,
        };
      }
      const lastTotal = last.view.resultsTotal;
      const held = last.view.data?.length ?? 0;
      if (lastTotal === undefined || last.offset === undefined || held === lastTotal - last.offset) {
        return { limit, mode, pages, last };
      }
      const offset = Math.max(0, lastTotal - MAX_PAGE_LENGTH);
      const tail = await get(pagePath(endpoint, { limit: MAX_PAGE_LENGTH, offset }), offset);
      return { limit, mode, pages, last, tail };
    }

    const end = pages[pages.length - 1] as WalkedPage<R>;
    const visited = pages.reduce((sum, page) => sum + (page.view.data?.length ?? 0), 0);
    const finalTotal = end.view.resultsTotal;
    if (finalTotal === undefined || visited === finalTotal) return { limit, mode, pages };
    const reference = await get(pagePath(endpoint, { limit: MAX_PAGE_LENGTH, offset: 0 }), 0);
    if (visited < finalTotal && end.offset !== undefined) {
      const offset = end.offset + (end.view.data?.length ?? 0);
      return {
        limit,
        mode,
        pages,
        reference,
        after: await get(pagePath(endpoint, { limit, offset }), offset),
      };
    }
    return { limit, mode, pages, reference };
  }
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/**
 * Every page the walk fetched, in order (the pages through `links.next`, then `last`, `tail`, `reference`,
 * `after`, the pages asked for ahead that no link named).
 */
export function walkedPages<R>(walk: Walk<R>): WalkedPage<R>[] {
  return [
    ...walk.pages,
    ...(walk.last ? [walk.last] : []),
    ...(walk.tail ? [walk.tail] : []),
    ...(walk.reference ? [walk.reference] : []),
    ...(walk.after ? [walk.after] : []),
    ...(walk.ahead ?? []),
  ];
}

/** The ids the walk visited: the pages through `links.next` and, in a partial walk, the last page. */
export function visitedIds<R>(walk: Walk<R>): (string | undefined)[] {
  return [...walk.pages, ...(walk.last ? [walk.last] : [])].flatMap((page) => [...page.view.ids]);
}

export interface WalkProblems {
  /** Evidence that following `links.next` does not visit every record exactly once. */
  readonly walk: string[];
  /** Evidence that the counts disagree with what the walk found. */
  readonly counts: string[];
}

/**
 * The discrepancies of one walk that involve more than one response. On a listing that others change at the
 * same time they may be caused by those changes, so they count only when reproduced (see `settle.ts`).
 *
 * The walk (never relies on `meta.results.total`): a page that is not a listing; an id seen twice; a
 * `links.next` whose `page[offset]` is not the page's offset plus the number of records on it (the walk would
 * skip or repeat records); `links.next` never null; in a full walk, a record of `ownIds` not visited, a
 * record of the reference page (the first 100 records in one page) not visited, or a page right after the
 * walk's end that still holds records; in a partial walk, a last page without records that the page at the
 * maximum length ending the listing (`tail`) lists at its offsets.
 *
 * The counts: `meta.results.total` differing between the pages (those asked for ahead included); in a full
 * walk (that showed no discrepancy of the walk), a number of records other than `meta.results.total`; in a
 * partial walk, a last page that does not hold the `results.total - offset` records its offset leaves, and
 * misses none that `tail` lists.
 */
export function walkProblems<R>(walk: Walk<R>, ownIds: readonly string[] = []): WalkProblems {
  const walkIssues: string[] = [];
  const countIssues: string[] = [];
  if (walk.broken !== undefined) walkIssues.push(walk.broken);

  const ids = visitedIds(walk);
  const twice = duplicateIds(ids);
  if (twice.length > 0) walkIssues.push(`records visited more than once: ${twice.slice(0, 5).join(', ')}`);

  walk.pages.forEach((page, i) => {
    const following = walk.pages[i + 1];
    if (following === undefined || page.offset === undefined) return;
    const nextOffset = following.offset;
    const expected = page.offset + (page.view.data?.length ?? 0);
    if (nextOffset !== undefined && nextOffset !== expected) {
      walkIssues.push(
        `links.next of the page at offset ${page.offset} (${plural(page.view.data?.length ?? 0, 'record')}) leads to offset ${nextOffset}, not ${expected}: the walk ${nextOffset > expected ? 'skips' : 'repeats'} records`,
      );
    }
  });

  if (walk.mode === 'full' && walk.broken === undefined) {
    const seen = new Set(ids);
    const unvisited = ownIds.filter((id) => !seen.has(id));
    if (unvisited.length > 0) {
      walkIssues.push(`records of this run not visited by the walk: ${unvisited.slice(0, 5).join(', ')}`);
    }
    const reference = walk.reference;
    const skipped = (reference?.view.ids ?? []).filter((id) => id !== undefined && !seen.has(id));
    if (reference !== undefined && skipped.length > 0) {
      walkIssues.push(
        `${reference.path} lists records that the walk did not visit: ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ` and ${skipped.length - 5} more` : ''}`,
      );
    }
    const after = walk.after;
    if (after !== undefined && (after.view.data?.length ?? 0) > 0) {
      walkIssues.push(
        `the walk ended (links.next null) after ${plural(ids.length, 'record')}, but ${after.path} still answers ${plural(after.view.data?.length ?? 0, 'record')}`,
      );
    }
  }

  const totals = new Set(walkedPages(walk).map((page) => page.view.resultsTotal));
  if (totals.size > 1) {
    countIssues.push(`meta.results.total differs between the pages of one walk: ${[...totals].join(', ')}`);
  }
  const lastPage = walk.pages[walk.pages.length - 1];
  const total = lastPage?.view.resultsTotal;
  if (walk.mode === 'full' && walk.broken === undefined && walkIssues.length === 0 && total !== undefined) {
    if (ids.length !== total) {
      countIssues.push(`a full walk found ${plural(ids.length, 'record')}, meta.results.total is ${total}`);
    }
  }
  if (walk.mode === 'partial' && walk.last !== undefined && walk.broken === undefined) {
    const { offset, view } = walk.last;
    const lastTotal = view.resultsTotal;
    if (offset !== undefined && lastTotal !== undefined) {
      const held = view.data?.length ?? 0;
      const missed = missedAtTheEnd(walk.last, walk.tail);
      if (missed.length > 0) {
        walkIssues.push(
          `the page that links.last names (offset ${offset}) holds ${plural(held, 'record')}, without ${missed.slice(0, 5).join(', ')} that ${walk.tail?.path} lists at its offsets: following links never visits ${missed.length === 1 ? 'it' : 'them'}`,
        );
      } else if (!(offset >= 0 && offset < lastTotal && held === lastTotal - offset)) {
        countIssues.push(
          `the page that links.last names (offset ${offset}) holds ${plural(held, 'record')}; with meta.results.total ${lastTotal} it should hold the last ${lastTotal - offset} (1 to ${walk.limit})`,
        );
      }
    }
  }
  return { walk: walkIssues, counts: countIssues };
}

/**
 * The records that the page at the maximum length ending the listing (`tail`) lists at the offsets of the
 * last page of a partial walk, but that page does not hold.
 */
function missedAtTheEnd<R>(last: WalkedPage<R>, tail: WalkedPage<R> | undefined): string[] {
  if (tail?.offset === undefined || last.offset === undefined || last.offset < tail.offset) return [];
  const held = new Set(last.view.ids);
  return tail.view.ids
    .slice(last.offset - tail.offset)
    .filter((id): id is string => id !== undefined && !held.has(id));
}

/** The listing state a walk saw: each page's ids and `meta.results.total` (see `settle.ts`). */
export function walkSignature<R extends ListingResponse>(walk: Walk<R>): string {
  return JSON.stringify(
    walkedPages(walk).map((page) => [page.path, page.response.status, page.view.resultsTotal, page.view.ids]),
  );
}

/**
 * A walk settled against concurrent changes (`settle.ts`): walked until a walk shows no discrepancy, or two
 * consecutive walks answer the same records (reproduced), or `maxAttempts` walks are spent (unsettled).
 * `ownIds`: records of the run that a full walk must visit.
 */
export function settleWalk<R extends ListingResponse>(
  options: WalkOptions<R> & { readonly ownIds?: readonly string[]; readonly maxAttempts?: number },
): Promise<Settled<Walk<R>>> {
  const { ownIds = [], maxAttempts, ...walk } = options;
  return settle({
    attempt: () => walkListing(walk),
    problems: (value) => {
      const found = walkProblems(value, ownIds);
      return [...found.walk, ...found.counts, ...walkPageProblems(value, walk.baseUrl)];
    },
    signature: walkSignature,
    ...(maxAttempts === undefined ? {} : { maxAttempts }),
  });
}

/** A page of a walk with the offset it was asked for, and what the walk showed of the end. */
export interface PageOfWalk<R> {
  readonly page: WalkedPage<R>;
  readonly offset: number;
  /**
   * `false`: records follow it (the page the walk went on to, or the page a length further, holds records);
   * `true`: it is the end (it ends the walk and the page right after it is empty); undefined: the walk does
   * not tell (the page's own meta must).
   */
  readonly endReached: boolean | undefined;
}

/** Whether a page of the walk is a 2xx listing that holds records. */
const holdsRecords = <R extends ListingResponse>(page: WalkedPage<R> | undefined): boolean =>
  page !== undefined && isListing(page.response, page.view) && (page.view.data?.length ?? 0) > 0;

/**
 * The pages of a walk that the per-page rules judge: the pages through `links.next`, the last page of a
 * partial walk, and the pages asked for ahead that no link named (judged as pages all the same), each with its
 * offset and what the walk showed of the end; pages without a known offset are left out. Records follow a
 * page when the page the walk went on to holds some, or the page of the walk one length further does, or the
 * page right after the end of the walk does.
 */
export function pagesOfWalk<R extends ListingResponse>(walk: Walk<R>): PageOfWalk<R>[] {
  const known = [...walk.pages, ...(walk.last ? [walk.last] : []), ...(walk.ahead ?? [])];
  const at = (offset: number) =>
    [...known, ...(walk.after ? [walk.after] : [])].find(
      (page) => page.offset === offset && holdsRecords(page),
    );
  return known.flatMap((page) => {
    if (page.offset === undefined) return [];
    const i = walk.pages.indexOf(page);
    const following = i >= 0 ? walk.pages[i + 1] : undefined;
    let endReached: boolean | undefined;
    if (holdsRecords(following) || at(page.offset + walk.limit) !== undefined) endReached = false;
    else if (i >= 0 && i === walk.pages.length - 1 && walk.after !== undefined) {
      endReached = !holdsRecords(walk.after);
    }
    return [{ page, offset: page.offset, endReached }];
  });
}

/**
 * PAGE-PREV-NEXT on every page of a walk that is a listing ({@link pagesOfWalk}): `links.prev` and
 * `links.next` against the page's offset, the walk's page length and `meta.results.total`, knowing which
 * pages records follow. Pages that are no listing break the walk: PAGE-WALK's failure (and the per-page
 * rules').
 */
export function walkPageExpectations<R extends ListingResponse>(
  walk: Walk<R>,
  baseUrl: string,
): { readonly page: WalkedPage<R>; readonly expectation: Expectation }[] {
  return pagesOfWalk(walk)
    .filter(({ page }) => isListing(page.response, page.view))
    .flatMap(({ page, offset, endReached }) =>
      prevNextExpectations(page.view, { limit: walk.limit, offset }, baseUrl, { endReached }).map(
        (expectation) => ({ page, expectation }),
      ),
    );
}

/** The PAGE-PREV-NEXT expectations of a walk that did not hold, as text (see {@link walkPageExpectations}). */
export function walkPageProblems<R extends ListingResponse>(walk: Walk<R>, baseUrl: string): string[] {
  return walkPageExpectations(walk, baseUrl)
    .filter(({ expectation }) => !expectation.ok)
    .map(({ page, expectation: e }) => `expected ${e.expected} (${page.path}), got ${e.actual}`);
}

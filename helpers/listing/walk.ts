/** Walking a listing by following `links.next` (§2.5): in full up to 5 pages, else partially. */

import { PRODUCTS } from '../catalogue/endpoints.ts';
import type { ApiResponse } from '../http/response.ts';
import { MAX_PAGE_LENGTH } from '../limits.ts';
import { type Expectation, prevNextExpectations } from './expect.ts';
import { clamp, duplicateIds, type PageView, pagePath, parsePageLink, pathOfLink, viewPage } from './page.ts';
import { type Settled, settle } from './settle.ts';

export type ListingResponse = Pick<ApiResponse, 'status' | 'json'>;

export interface WalkedPage<R> {
  readonly response: R;
  /** The endpoint and a query string. */
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
  /** Full walk short of `meta.results.total`: the page right after its end (stopped early, or total high). */
  readonly after?: WalkedPage<R>;
  /** Full walk off `meta.results.total`: the first maximum-length page (records missed, or total wrong). */
  readonly reference?: WalkedPage<R>;
  /** Partial walk whose last page holds a wrong count: the maximum-length page ending the listing. */
  readonly tail?: WalkedPage<R>;
  /** The pages asked for ahead (`expectedTotal`) that no link named, judged like the others. */
  readonly ahead?: readonly WalkedPage<R>[];
  /** Why the walk could not go on (a page that is not a 2xx listing, a link that is not a URL…). */
  readonly broken?: string;
}

export interface WalkOptions<R extends ListingResponse> {
  readonly endpoint: string;
  /** The target, to resolve relative links. */
  readonly baseUrl: string;
  readonly limit: number;
  /** The `include` every page is asked with. */
  readonly include?: string;
  /** The listing's size when last read: its pages are asked for at once, so a walk is one round trip. */
  readonly expectedTotal?: number;
  readonly fetch: (path: string) => Promise<R>;
}

/** A walk is full when the first page announces at most this many pages; else partial over this many. */
const MAX_FULL_PAGES = 5;
const PARTIAL_PAGES = 3;

/** The page length of a walk over `total` records: ceil(total / 4), so 3 to 400 records make 3 or 4 pages. */
export function walkLimit(total: number): number {
  return clamp(Math.ceil(total / 4), 1, MAX_PAGE_LENGTH);
}

/**
 * The page length of the second walk, shaped unlike the first: total − 1 (a full page and a last page of
 * one record), or the length next to the first walk's where they coincide.
 */
export function otherWalkLimit(total: number): number {
  const first = walkLimit(total);
  const length = clamp(total - 1, 1, MAX_PAGE_LENGTH);
  if (length !== first) return length;
  return length < MAX_PAGE_LENGTH ? length + 1 : length - 1;
}

/** A page length of a walk: a number, or relative to the listing's total as it is when walked. */
export interface WalkLength {
  /** As a report shows it: `page[limit]=37`, `a quarter of its total`… */
  readonly shown: string;
  /** The page length for a listing of `total` records; undefined: none of its kind for that total. */
  readonly of: (total: number) => number | undefined;
  readonly limit?: number;
  /** The `include` every page of the walk is asked with: it changes neither the records nor their counts. */
  readonly include?: string;
}

/** A page length that is a number, the pages asked with `include` when given. */
export const fixedLength = (limit: number, include?: string): WalkLength => ({
  shown: `page[limit]=${limit}${include === undefined ? '' : ` with include=${include}`}`,
  of: () => limit,
  limit,
  ...(include !== undefined && { include }),
});

/** The include a listing supports (§4.3): the second walk asks for it, and must find the same records. */
const LISTING_INCLUDE: Readonly<Record<string, string>> = { [PRODUCTS]: 'categories' };

/**
 * The lengths of the gate's two walks of a listing of `total` records: a quarter of it, and total − 1 with the
 * include the listing supports (an include is no filter: §2.5 `meta.results.total`).
 */
export const gateWalks = (total: number, endpoint: string): WalkLength[] => [
  fixedLength(walkLimit(total)),
  fixedLength(otherWalkLimit(total), LISTING_INCLUDE[endpoint]),
];

const is2xx = ({ response }: WalkedPage<ListingResponse>) => response.status >= 200 && response.status < 300;
const isListing = (page: WalkedPage<ListingResponse>) => is2xx(page) && page.view.data !== undefined;
/** How many records the page holds. */
const held = (page: WalkedPage<unknown>) => page.view.data?.length ?? 0;

function describe(page: WalkedPage<ListingResponse>): string {
  const without = page.view.data === undefined && is2xx(page) ? ' without a data array' : '';
  return `answered ${page.response.status}${without}`;
}

export async function walkListing<R extends ListingResponse>(options: WalkOptions<R>): Promise<Walk<R>> {
  const { endpoint, baseUrl, limit, include } = options;
  /** The page parameters first, then the include: the order of links.next in the reference and most servers. */
  const pathAt = (offset: number, length = limit) =>
    `${pagePath(endpoint, { limit: length, offset })}${include === undefined ? '' : `&include=${include}`}`;

  const walked = (response: R, path: string, asked: number | undefined): WalkedPage<R> => {
    const view = viewPage(response.json);
    return { response, path, offset: asked ?? view.offset, view };
  };
  const ahead = new Map<string, { readonly offset: number; readonly answer: Promise<R> }>();
  const get = async (path: string, asked: number | undefined) => {
    const early = ahead.get(path);
    ahead.delete(path);
    return walked(await (early?.answer ?? options.fetch(path)), path, asked);
  };
  /** The page at `offset`, of `length` records. */
  const at = (offset: number, length = limit) => get(pathAt(offset, length), offset);

  const expected = options.expectedTotal === undefined ? 0 : Math.ceil(options.expectedTotal / limit);
  const offsets =
    expected <= 1
      ? []
      : expected <= MAX_FULL_PAGES
        ? Array.from({ length: expected }, (_, page) => page * limit)
        : [...Array.from({ length: PARTIAL_PAGES }, (_, page) => page * limit), (expected - 1) * limit];
  for (const offset of offsets) {
    const path = pathAt(offset);
    const answer = options.fetch(path);
    answer.catch(() => undefined);
    ahead.set(path, { offset, answer });
  }
  const walk = await follow().finally(() =>
    Promise.allSettled([...ahead.values()].map((early) => early.answer)),
  );
  const left: WalkedPage<R>[] = [];
  for (const [path, { offset, answer }] of ahead) {
    const response = await answer.catch(() => undefined);
    if (response !== undefined) left.push(walked(response, path, offset));
  }
  return left.length === 0 ? walk : { ...walk, ahead: left };

  async function follow(): Promise<Walk<R>> {
    const first = await at(0);
    const pages: WalkedPage<R>[] = [first];
    if (!isListing(first))
      return { limit, mode: 'full', pages, broken: `the first page (${first.path}) ${describe(first)}` };
    const total = first.view.resultsTotal;
    const announced = total === undefined ? undefined : Math.ceil(total / limit);
    let mode: Walk<R>['mode'] = announced !== undefined && announced > MAX_FULL_PAGES ? 'partial' : 'full';
    const bound = mode === 'partial' ? PARTIAL_PAGES : Math.max(announced ?? MAX_FULL_PAGES, 1) + 1;
    const done = (rest: Partial<Walk<R>> = {}): Walk<R> => ({ limit, mode, pages, ...rest });

    for (;;) {
      const current = pages[pages.length - 1] as WalkedPage<R>;
      const where = `the page at offset ${current.offset ?? '?'}`;
      const next = current.view.links.next;
      // links.next ends the listing before the partial walk's pages: the walk went to the end, it is full.
      if (next === null) {
        mode = 'full';
        break;
      }
      if (pages.length >= bound && mode === 'partial') break;
      if (pages.length >= bound) {
        const said = `the first page announced ${total ?? '?'} records`;
        return done({ broken: `links.next is still set after ${bound} pages of ${limit} (${said})` });
      }
      const link = parsePageLink(next, baseUrl);
      if (link === undefined)
        return done({ broken: `links.next of ${where} is not a URL: ${JSON.stringify(next) ?? 'absent'}` });
      // A links.next naming the page itself would loop forever: the walk ends there.
      if (link.offset === current.offset && (link.limit === undefined || link.limit === limit)) break;
      const page = await get(pathOfLink(endpoint, link), link.offset);
      pages.push(page);
      if (!isListing(page)) {
        return done({
          broken: `the page that links.next of ${where} names (${page.path}) ${describe(page)}`,
        });
      }
    }

    if (mode === 'partial') {
      const link = parsePageLink(first.view.links.last, baseUrl);
      if (link === undefined) {
        const shown = JSON.stringify(first.view.links.last) ?? 'absent';
        return done({ broken: `links.last of the first page is not a URL: ${shown}` });
      }
      // A links.last without page parameters names no page: the last page by the total is asked for instead.
      const lastOffset = total === undefined ? undefined : Math.max(0, Math.ceil(total / limit) - 1) * limit;
      const unusable = link.offset === undefined || link.limit === undefined;
      const last =
        unusable && lastOffset !== undefined
          ? await at(lastOffset)
          : await get(pathOfLink(endpoint, link), link.offset);
      if (!isListing(last))
        return done({ last, broken: `the page that links.last names (${last.path}) ${describe(last)}` });
      const lastTotal = last.view.resultsTotal;
      if (lastTotal === undefined || last.offset === undefined || held(last) === lastTotal - last.offset)
        return done({ last });
      return done({ last, tail: await at(Math.max(0, lastTotal - MAX_PAGE_LENGTH), MAX_PAGE_LENGTH) });
    }

    const end = pages[pages.length - 1] as WalkedPage<R>;
    const visited = pages.reduce((sum, page) => sum + held(page), 0);
    const finalTotal = end.view.resultsTotal;
    if (finalTotal === undefined || visited === finalTotal) return done();
    const reference = await at(0, MAX_PAGE_LENGTH);
    if (visited < finalTotal && end.offset !== undefined)
      return done({ reference, after: await at(end.offset + held(end)) });
    return done({ reference });
  }
}

function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** Every page the walk fetched, in order. */
export function walkedPages<R>(walk: Walk<R>): WalkedPage<R>[] {
  const extra = [walk.last, walk.tail, walk.reference, walk.after].filter((page) => page !== undefined);
  return [...walk.pages, ...extra, ...(walk.ahead ?? [])];
}

/** The ids the walk visited: the pages through `links.next` and, in a partial walk, the last page. */
export function visitedIds<R>(walk: Walk<R>): (string | undefined)[] {
  return [...walk.pages, ...(walk.last ? [walk.last] : [])].flatMap((page) => [...page.view.ids]);
}

export interface WalkProblems {
  /** Following `links.next` does not visit every record exactly once. */
  readonly walk: string[];
  /** The counts disagree with what the walk found. */
  readonly counts: string[];
}

/**
 * The discrepancies of one walk that involve more than one response; they count only when reproduced
 * (`settle.ts`), since others may change the listing; the walk's checks never use `meta.results.total`.
 */
export function walkProblems<R>(walk: Walk<R>, ownIds: readonly string[] = []): WalkProblems {
  const walkIssues: string[] = [];
  const countIssues: string[] = [];
  if (walk.broken !== undefined) walkIssues.push(walk.broken);

  const ids = visitedIds(walk);
  const twice = duplicateIds(ids);
  if (twice.length > 0) walkIssues.push(`records visited more than once: ${twice.slice(0, 5).join(', ')}`);

  for (const [i, page] of walk.pages.entries()) {
    const nextOffset = walk.pages[i + 1]?.offset;
    if (page.offset === undefined || nextOffset === undefined) continue;
    const expected = page.offset + held(page);
    if (nextOffset === expected) continue;
    walkIssues.push(
      `links.next of the page at offset ${page.offset} (${plural(held(page), 'record')}) leads to offset ${nextOffset}, not ${expected}: the walk ${nextOffset > expected ? 'skips' : 'repeats'} records`,
    );
  }

  if (walk.mode === 'full' && walk.broken === undefined) {
    const seen = new Set(ids);
    const unvisited = ownIds.filter((id) => !seen.has(id));
    if (unvisited.length > 0)
      walkIssues.push(`records of this run not visited by the walk: ${unvisited.slice(0, 5).join(', ')}`);
    const skipped = (walk.reference?.view.ids ?? []).filter((id) => id !== undefined && !seen.has(id));
    if (skipped.length > 0) {
      walkIssues.push(
        `${walk.reference?.path} lists records that the walk did not visit: ${skipped.slice(0, 5).join(', ')}${skipped.length > 5 ? ` and ${skipped.length - 5} more` : ''}`,
      );
    }
    const after = walk.after;
    if (after !== undefined && held(after) > 0) {
      walkIssues.push(
        `the walk ended (links.next null) after ${plural(ids.length, 'record')}, but ${after.path} still answers ${plural(held(after), 'record')}`,
      );
    }
  }

  // A page without a total (no listing: the walk broke there) is another rule's.
  const totals = new Set(walkedPages(walk).flatMap((page) => page.view.resultsTotal ?? []));
  if (totals.size > 1)
    countIssues.push(`meta.results.total differs between the pages of one walk: ${[...totals].join(', ')}`);
  const total = walk.pages.at(-1)?.view.resultsTotal;
  const full = walk.mode === 'full' && walk.broken === undefined && walkIssues.length === 0;
  if (full && total !== undefined && ids.length !== total)
    countIssues.push(`a full walk found ${plural(ids.length, 'record')}, meta.results.total is ${total}`);
  if (walk.mode === 'partial' && walk.last !== undefined && walk.broken === undefined) {
    const { offset, view } = walk.last;
    const lastTotal = view.resultsTotal;
    if (offset !== undefined && lastTotal !== undefined) {
      const records = held(walk.last);
      const missed = missedAtTheEnd(walk.last, walk.tail);
      if (missed.length > 0) {
        walkIssues.push(
          `the page that links.last names (offset ${offset}) holds ${plural(records, 'record')}, without ${missed.slice(0, 5).join(', ')} that ${walk.tail?.path} lists at its offsets: following links never visits ${missed.length === 1 ? 'it' : 'them'}`,
        );
      } else if (!(offset >= 0 && offset < lastTotal && records === lastTotal - offset)) {
        countIssues.push(
          `the page that links.last names (offset ${offset}) holds ${plural(records, 'record')}; with meta.results.total ${lastTotal} it should hold the last ${lastTotal - offset} (1 to ${walk.limit})`,
        );
      }
    }
  }
  return { walk: walkIssues, counts: countIssues };
}

/** The records `tail` lists at the offsets of a partial walk's last page that the page does not hold. */
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

/** A walk settled against concurrent changes (`settle.ts`); `ownIds`: records a full walk must visit. */
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

export interface PageOfWalk<R> {
  readonly page: WalkedPage<R>;
  readonly offset: number;
  /** `false`: records follow it; `true`: the page right after it is empty; undefined: not told. */
  readonly endReached: boolean | undefined;
}

const holdsRecords = (page: WalkedPage<ListingResponse> | undefined): boolean =>
  page !== undefined && isListing(page) && held(page) > 0;

/** The pages of a walk with a known offset that the per-page rules judge, and what it showed of the end. */
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
    // A length further by the length it was served at (a page served at another length is PAGE-LIMIT's).
    const used = page.view.limit !== undefined && page.view.limit > 0 ? page.view.limit : walk.limit;
    const followed = holdsRecords(following) || at(page.offset + used) !== undefined;
    const last = i >= 0 && i === walk.pages.length - 1 && walk.after !== undefined;
    // Its links.next led to an empty page, and its own total ends the listing with it: it was the last.
    const total = page.view.resultsTotal;
    const emptyNext = following !== undefined && total !== undefined && page.offset + used >= total;
    const endReached = followed ? false : last ? !holdsRecords(walk.after) : emptyNext || undefined;
    return [{ page, offset: page.offset, endReached }];
  });
}

/** PAGE-PREV-NEXT on every page of a walk that is a listing (the others break the walk: PAGE-WALK). */
export function walkPageExpectations<R extends ListingResponse>(
  walk: Walk<R>,
  baseUrl: string,
): { readonly page: WalkedPage<R>; readonly expectation: Expectation }[] {
  return pagesOfWalk(walk)
    .filter(({ page }) => isListing(page))
    .flatMap(({ page, offset, endReached }) =>
      prevNextExpectations(page.view, { limit: walk.limit, offset }, baseUrl, { endReached }).map(
        (expectation) => ({ page, expectation }),
      ),
    );
}

/** The PAGE-PREV-NEXT expectations of a walk that did not hold, as text. */
export function walkPageProblems<R extends ListingResponse>(walk: Walk<R>, baseUrl: string): string[] {
  return walkPageExpectations(walk, baseUrl)
    .filter(({ expectation }) => !expectation.ok)
    .map(({ page, expectation: e }) => `expected ${e.expected} (${page.path}), got ${e.actual}`);
}

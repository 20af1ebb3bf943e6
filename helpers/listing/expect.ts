/** What one listing answer must say about its own page (§2.5), as expectations judged from it alone. */
import { show } from '../check/failure.ts';
import { OFFSET_PARAM, type PageView, parsePageLink } from './page.ts';

export interface Expectation {
  readonly ok: boolean;
  readonly expected: string;
  readonly actual: string;
}

export interface Asked {
  readonly limit: number;
  readonly offset: number;
}

/** The page length the answer used (so that a wrong limit is the page-limit rule's failure only). */
function usedLimit(view: PageView, asked: Pick<Asked, 'limit'>): number {
  return view.limit !== undefined && view.limit > 0 ? view.limit : asked.limit;
}

function expectation(ok: boolean, expected: string, actual: unknown): Expectation {
  return { ok, expected, actual: typeof actual === 'string' ? actual : show(actual) };
}

export function limitExpectations(view: PageView, asked: Pick<Asked, 'limit'>): Expectation[] {
  return [
    expectation(
      view.data !== undefined && view.data.length <= asked.limit,
      `at most ${asked.limit} records in data (page[limit]=${asked.limit})`,
      view.data === undefined ? 'no data array' : `${view.data.length} records`,
    ),
    expectation(view.limit === asked.limit, `meta.page.limit = ${asked.limit}`, view.limit),
  ];
}

export function offsetExpectations(view: PageView, asked: Pick<Asked, 'offset'>): Expectation[] {
  return [expectation(view.offset === asked.offset, `meta.page.offset = ${asked.offset}`, view.offset)];
}

/** `links.current`, `.first`, `.last` carry page parameters; `first` at 0; `current` the page asked for. */
export function linkExpectations(view: PageView, asked: Asked, baseUrl: string): Expectation[] {
  const names = ['current', 'first', 'last'] as const;
  const links = names.map((name) => parsePageLink(view.links[name], baseUrl));
  const [current, first] = links;
  const out = names.map((name, i) =>
    expectation(
      links[i]?.limit !== undefined && links[i]?.offset !== undefined,
      `links.${name} a URL carrying integer page[limit] and page[offset]`,
      view.links[name],
    ),
  );
  if (first?.offset !== undefined)
    out.push(expectation(first.offset === 0, 'links.first with page[offset]=0', view.links.first));
  if (current?.offset !== undefined && current.limit !== undefined) {
    const limit = usedLimit(view, asked);
    out.push(
      expectation(
        current.offset === asked.offset && current.limit === limit,
        `links.current with page[offset]=${asked.offset} (the offset asked for) and page[limit]=${limit} (the limit used)`,
        view.links.current,
      ),
    );
  }
  return out;
}

function pointsAt(link: unknown, offset: number, limit: number, baseUrl: string): boolean {
  const parsed = parsePageLink(link, baseUrl);
  return parsed !== undefined && parsed.offset === offset && parsed.limit === limit;
}

/** The records a link skips: its `page[offset]`, 0 without one; undefined when it is not a URL or not an integer. */
function offsetOf(link: unknown, baseUrl: string): number | undefined {
  const parsed = parsePageLink(link, baseUrl);
  return parsed?.url.searchParams.has(OFFSET_PARAM) === false ? 0 : parsed?.offset;
}

/**
 * `links.prev` and `links.next` name the neighbouring pages of an aligned page, null at either end; a page past
 * the end has no neighbour §2.5 names: its prev is null or any page before it. Off the page grid the neighbours
 * are read in more than one way (clamped at 0, or on the grid; no prev where page numbers make it the first):
 * whichever, prev lies before it at no negative offset, and next after it, within one page. Whether the page is the last is
 * `endReached` when a walk knows it, else told from the page's own total only.
 */
export function prevNextExpectations(
  view: PageView,
  asked: Asked,
  baseUrl: string,
  options: { endReached?: boolean } = {},
): Expectation[] {
  const { offset } = asked;
  const limit = usedLimit(view, asked);
  const aligned = offset % limit === 0;
  const out: Expectation[] = [];
  if (offset === 0) {
    out.push(
      expectation(view.links.prev === null, 'links.prev null on the first page (offset 0)', view.links.prev),
    );
  } else if (view.data?.length === 0 && offset >= (view.resultsTotal ?? 0)) {
    const prev = parsePageLink(view.links.prev, baseUrl);
    out.push(
      expectation(
        view.links.prev === null ||
          (prev?.limit === limit && prev.offset !== undefined && prev.offset < offset),
        `links.prev null or naming a page before (page[offset] < ${offset}, page[limit]=${limit}): the page lies past the end`,
        view.links.prev,
      ),
    );
  } else if (aligned) {
    out.push(
      expectation(
        pointsAt(view.links.prev, offset - limit, limit, baseUrl),
        `links.prev naming the previous page (page[offset]=${offset - limit}, page[limit]=${limit})`,
        view.links.prev,
      ),
    );
  } else {
    const at = offsetOf(view.links.prev, baseUrl);
    out.push(
      expectation(
        view.links.prev === null || (at !== undefined && at >= 0 && at < offset),
        `links.prev null or naming a page before it (0 <= page[offset] < ${offset})`,
        view.links.prev,
      ),
    );
  }
  const total = view.resultsTotal;
  const held = view.data?.length;
  let last = options.endReached;
  let why = last === undefined ? '' : last ? 'the page after it is empty' : 'records follow';
  if (last === undefined && total !== undefined && held !== undefined) {
    // A full page whose links.next names the next page may be followed by records a total too low leaves out.
    const nextAfter = held === limit && pointsAt(view.links.next, offset + limit, limit, baseUrl);
    if (offset + limit >= total && held === Math.max(0, total - offset) && !nextAfter) {
      last = true;
      why = `offset ${offset} + limit ${limit} >= results.total ${total}`;
    } else why = 'links.next is set';
  }
  const next = view.links.next;
  if (last === true) {
    out.push(expectation(next === null, `links.next null on the last page (${why})`, next));
  } else if (aligned && (last === false || typeof next === 'string')) {
    out.push(
      expectation(
        pointsAt(next, offset + limit, limit, baseUrl),
        `links.next naming the next page (page[offset]=${offset + limit}, page[limit]=${limit}; ${why})`,
        next,
      ),
    );
  } else if (last === false || typeof next === 'string') {
    const at = offsetOf(next, baseUrl);
    out.push(
      expectation(
        at !== undefined && at > offset && at <= offset + limit,
        `links.next naming a page after it, within one page (${offset} < page[offset] <= ${offset + limit}; ${why})`,
        next,
      ),
    );
  }
  return out;
}

/**
 * `meta.page.total` = ceil(results.total / limit), `meta.page.current` = floor(offset / limit) + 1, and a total that
 * counts the records the page holds.
 */
export function countExpectations(view: PageView, asked: Asked): Expectation[] {
  const limit = usedLimit(view, asked);
  const total = view.resultsTotal ?? 0;
  const pages = Math.ceil(total / limit);
  const current = Math.floor(asked.offset / limit) + 1;
  const counted = `meta.page.total = ceil(${total} / ${limit}) = ${pages}`;
  // The first page, of no more records than its length, holds no more than the total (a longer one is the page
  // length's failure; past offset 0, records beyond the total may be an offset not applied).
  const held = view.data?.length ?? 0;
  const within = view.resultsTotal === undefined || held > limit || asked.offset !== 0;
  return [
    ...(total > 0 ? [expectation(view.pageTotal === pages, counted, view.pageTotal)] : []),
    ...(within
      ? []
      : [
          expectation(
            held <= total,
            `meta.results.total at least ${held}: the first page holds ${held} records`,
            total,
          ),
        ]),
    expectation(
      view.current === current,
      `meta.page.current = floor(${asked.offset} / ${limit}) + 1 = ${current}`,
      view.current,
    ),
  ];
}

/** Reading one page of a listing (§2.5) without judging it: each value `undefined` where not of its type. */
import { isObject } from '../http/response.ts';

export const LIMIT_PARAM = 'page[limit]';
export const OFFSET_PARAM = 'page[offset]';

export interface PageView {
  readonly data: readonly unknown[] | undefined;
  readonly ids: readonly (string | undefined)[];
  /** `meta.page.limit`, `.offset`, `.current`, `.total` and `meta.results.total`. */
  readonly limit: number | undefined;
  readonly offset: number | undefined;
  readonly current: number | undefined;
  readonly pageTotal: number | undefined;
  readonly resultsTotal: number | undefined;
  /** `links.*` as given. */
  readonly links: Readonly<Record<(typeof LINKS)[number], unknown>>;
}

const LINKS = ['current', 'first', 'last', 'prev', 'next'] as const;

/** A pagination link resolved against the base URL, with its integer page parameters. */
export interface PageLink {
  readonly url: URL;
  readonly limit: number | undefined;
  readonly offset: number | undefined;
}

function integer(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) ? value : undefined;
}

export function viewPage(json: unknown): PageView {
  const body = isObject(json) ? json : {};
  const data = Array.isArray(body.data) ? body.data : undefined;
  const meta = isObject(body.meta) ? body.meta : {};
  const page = isObject(meta.page) ? meta.page : {};
  const results = isObject(meta.results) ? meta.results : {};
  const links = isObject(body.links) ? body.links : {};
  return {
    data,
    ids: (data ?? []).map((item) => (isObject(item) && typeof item.id === 'string' ? item.id : undefined)),
    limit: integer(page.limit),
    offset: integer(page.offset),
    current: integer(page.current),
    pageTotal: integer(page.total),
    resultsTotal: integer(results.total),
    links: Object.fromEntries(LINKS.map((name) => [name, links[name]])) as PageView['links'],
  };
}

/** A decimal integer written in a query string; undefined for anything else. */
export function parseIntegerParam(raw: string | null): number | undefined {
  if (raw === null || !/^-?\d+$/.test(raw)) return undefined;
  const value = Number(raw);
  return Number.isSafeInteger(value) ? value : undefined;
}

/** Parses a pagination link, absolute or relative to `baseUrl`; undefined when it is not a URL. */
export function parsePageLink(link: unknown, baseUrl: string): PageLink | undefined {
  if (typeof link !== 'string' || link === '' || !URL.canParse(link, baseUrl)) return undefined;
  const url = new URL(link, baseUrl);
  return {
    url,
    limit: parseIntegerParam(url.searchParams.get(LIMIT_PARAM)),
    offset: parseIntegerParam(url.searchParams.get(OFFSET_PARAM)),
  };
}

/** The request path of a listing page: the endpoint with the link's query string as it is. */
export function pathOfLink(endpoint: string, link: PageLink): string {
  return `${endpoint}${link.url.search}`;
}

/** The text with every byte of its UTF-8 percent-encoded: `page[limit]` is `%70%61%67%65%5B%6C…`. */
export function percentAll(text: string): string {
  return Array.from(
    new TextEncoder().encode(text),
    (b) => `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}

/** The text percent-decoded, or as it is when it holds a malformed escape. */
export function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** An `include` value of a listing request, put first. */
export interface Spelling {
  readonly include?: string;
}

/**
 * `endpoint?include=…&page[limit]=…&page[offset]=…` (each may be left out); the other spellings of the request
 * are the catalogue's, given to it on its way (`probes/relations.ts`).
 */
export function pagePath(
  endpoint: string,
  params: { limit?: number | string; offset?: number | string },
  spelling: Spelling = {},
): string {
  const given = [[LIMIT_PARAM, params.limit] as const, [OFFSET_PARAM, params.offset] as const];
  const page = given.flatMap(([key, v]) =>
    v === undefined ? [] : [`${key}=${encodeURIComponent(String(v))}`],
  );
  const parts = [...(spelling.include === undefined ? [] : [`include=${spelling.include}`]), ...page];
  return parts.length > 0 ? `${endpoint}?${parts.join('&')}` : endpoint;
}

/** The pagination fields of `meta` (§2.5) that are missing or not integers, as dotted paths. */
export function missingPaginationMeta(json: unknown): string[] {
  const view = viewPage(json);
  const fields = {
    'meta.page.limit': view.limit,
    'meta.page.offset': view.offset,
    'meta.page.current': view.current,
    'meta.page.total': view.pageTotal,
    'meta.results.total': view.resultsTotal,
  };
  return Object.entries(fields).flatMap(([path, value]) => (value === undefined ? [path] : []));
}

export function duplicateIds(ids: readonly (string | undefined)[]): string[] {
  const defined = ids.filter((id) => id !== undefined);
  return [...new Set(defined.filter((id, i) => defined.indexOf(id) !== i))];
}

export function sameSequence(
  a: readonly (string | undefined)[],
  b: readonly (string | undefined)[],
): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

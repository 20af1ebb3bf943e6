/** The page parameters of a listing request (§2.5, §4.3, §8) as the rules read them, however spelt. */
import type { Query } from '../http/journal.ts';
import { MAX_PAGE_LENGTH, OFFSET_LIMIT } from '../limits.ts';
import { LIMIT_PARAM, OFFSET_PARAM } from './page.ts';

export type PageParam =
  | { readonly kind: 'absent' }
  | { readonly kind: 'valid'; readonly value: number }
  | { readonly kind: 'above'; readonly value: number }
  | { readonly kind: 'malformed'; readonly raw: string; readonly why: string };

export interface PageParams {
  /** Why no page rule can judge the request (a page parameter repeated, nested or of another name). */
  readonly ambiguous?: string;
  readonly limit: PageParam;
  readonly offset: PageParam;
  /** The names of the other query parameters. */
  readonly others: readonly string[];
}

/** A non-negative decimal integer, without sign or leading zeros. */
const PLAIN = /^(0|[1-9]\d*)$/;

function param(raw: string | undefined, name: 'limit' | 'offset'): PageParam {
  if (raw === undefined) return { kind: 'absent' };
  if (!PLAIN.test(raw)) {
    const why = raw === '' ? 'empty' : /^-0*[1-9]\d*$/.test(raw) ? 'negative' : 'not a plain integer';
    return { kind: 'malformed', raw, why };
  }
  const value = Number(raw);
  if (name === 'limit' && value === 0) return { kind: 'malformed', raw, why: 'zero' };
  // Beyond 2^53 an integer cannot be read exactly (JSON numbers, most servers): a malformed value.
  if (!Number.isSafeInteger(value)) return { kind: 'malformed', raw, why: 'too large to be read exactly' };
  const bound = name === 'limit' ? MAX_PAGE_LENGTH : OFFSET_LIMIT;
  return value > bound ? { kind: 'above', value } : { kind: 'valid', value };
}

export function pageParams(query: Query): PageParams {
  const problems: string[] = [];
  const others: string[] = [];
  for (const name of query.names) {
    if (name === LIMIT_PARAM || name === OFFSET_PARAM) {
      const count = query.all(name).length;
      if (count > 1) problems.push(`${name} given ${count} times`);
    } else if (/^page(\[|$)/i.test(name)) {
      problems.push(`the page parameter ${JSON.stringify(name.slice(0, 40))} (nested, or of another name)`);
    } else others.push(name);
  }
  return {
    ...(problems.length > 0 ? { ambiguous: problems.join('; ') } : {}),
    limit: param(query.get(LIMIT_PARAM), 'limit'),
    offset: param(query.get(OFFSET_PARAM), 'offset'),
    others,
  };
}

/** The page parameters of an ordinary page: unambiguous, each absent or valid. */
export interface OrdinaryPage {
  readonly limit: number | undefined;
  readonly offset: number | undefined;
  /** No other query parameter. */
  readonly plain: boolean;
}

export function ordinaryPage(p: PageParams): OrdinaryPage | undefined {
  const valid = (q: PageParam) => q.kind === 'absent' || q.kind === 'valid';
  if (p.ambiguous !== undefined || !valid(p.limit) || !valid(p.offset)) return undefined;
  const value = (q: PageParam) => (q.kind === 'valid' ? q.value : undefined);
  return { limit: value(p.limit), offset: value(p.offset), plain: p.others.length === 0 };
}

/** The page parameters as a report shows them. */
export function showPageParams(p: PageParams): string {
  const shown = (name: string, q: PageParam) =>
    q.kind === 'absent' ? [] : [`${name}=${q.kind === 'malformed' ? JSON.stringify(q.raw) : q.value}`];
  const parts = [...shown(LIMIT_PARAM, p.limit), ...shown(OFFSET_PARAM, p.offset)];
  return parts.length > 0 ? parts.join('&') : 'no page parameters';
}

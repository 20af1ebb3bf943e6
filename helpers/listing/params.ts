/**
 * The page parameters of a listing request (§2.5, §4.3, §8) as the rules read them: which rule judges the
 * answer depends on them alone, whatever sent the request and however it spelt them (the query is decoded:
 * `page%5Blimit%5D` is `page[limit]`, in any order).
 * - `page[limit]`: absent (the default page length), valid (1 to {@link MAX_PAGE_LENGTH}), above the maximum,
 *   or malformed (zero, negative, not a plain decimal integer, empty, beyond the safe integers: 2^53);
 * - `page[offset]`: absent, valid (0 to {@link OFFSET_LIMIT}, the limit itself included: §8 does not say
 *   whether it is inside), above the offset limit, or malformed;
 * - ambiguous: a page parameter given more than once, or nested or of another name (`page[limit][x]`,
 *   `page[]`, `page`): a server may read it in more than one way, so no page rule judges the answer.
 */
import type { Query } from '../http/journal.ts';
import { MAX_PAGE_LENGTH, OFFSET_LIMIT } from '../limits.ts';
import { LIMIT_PARAM, OFFSET_PARAM } from './page.ts';

/** One page parameter of a request. */
export type PageParam =
  | { readonly kind: 'absent' }
  | { readonly kind: 'valid'; readonly value: number }
  /** A limit above the maximum page length, an offset above the offset limit. */
  | { readonly kind: 'above'; readonly value: number }
  | { readonly kind: 'malformed'; readonly raw: string; readonly why: string };

/** The page parameters of a request. */
export interface PageParams {
  /** Why no page rule can judge the request (a page parameter repeated, nested or of another name). */
  readonly ambiguous?: string;
  readonly limit: PageParam;
  readonly offset: PageParam;
  /** The other query parameters, by name (`include`…). */
  readonly others: readonly string[];
}

/** A plain non-negative decimal integer, without sign or leading zeros. */
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

/** Classifies the page parameters of a listing request's decoded query (see the module comment). */
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
  /** The page parameters as given (undefined: absent). */
  readonly limit: number | undefined;
  readonly offset: number | undefined;
  /** No other query parameter: nothing else the target may refuse. */
  readonly plain: boolean;
}

/** The request asks for an ordinary page (see {@link OrdinaryPage}); undefined otherwise. */
export function ordinaryPage(p: PageParams): OrdinaryPage | undefined {
  const valid = (q: PageParam) => q.kind === 'absent' || q.kind === 'valid';
  if (p.ambiguous !== undefined || !valid(p.limit) || !valid(p.offset)) return undefined;
  const value = (q: PageParam) => (q.kind === 'valid' ? q.value : undefined);
  return { limit: value(p.limit), offset: value(p.offset), plain: p.others.length === 0 };
}

/** The page parameters as a report shows them: `page[limit]=5&page[offset]=0`, or `no page parameters`. */
export function showPageParams(p: PageParams): string {
  const shown = (name: string, q: PageParam) =>
    q.kind === 'absent' ? [] : [`${name}=${q.kind === 'malformed' ? JSON.stringify(q.raw) : q.value}`];
  const parts = [...shown(LIMIT_PARAM, p.limit), ...shown(OFFSET_PARAM, p.offset)];
  return parts.length > 0 ? parts.join('&') : 'no page parameters';
}

/** The offset pair of a listing (§2.5): `page[offset]` skips records, and `meta.page.offset` says which. */
import { show } from '../check/failure.ts';
import type { ApiResponse } from '../http/response.ts';
import { sameSequence, viewPage } from './page.ts';

/** The offset pair: the page at offset 1 (limit 2) is the page at offset 0 without its first record. */
export const PAIR = { a: { offset: 0 }, b: { limit: 2, offset: 1 } } as const;

/**
 * Pages whose `meta.page.offset` must describe the records served: `page[offset]` given twice (whichever it
 * read), and given alone (the default page length).
 */
export const DESCRIBED = {
  repeated: `page[limit]=${PAIR.b.limit}&page[offset]=${PAIR.a.offset}&page[offset]=${PAIR.b.offset}`,
  alone: `page[offset]=${PAIR.b.offset}`,
} as const;

/** The pages of the offset pair (the last attempt), and the pages of {@link DESCRIBED}. */
export type OffsetPair = Readonly<Record<'a' | 'b' | keyof typeof DESCRIBED, ApiResponse>>;

/** The offset across the pair (see {@link skipped} and {@link described}). */
export function pairDiscrepancies(pair: OffsetPair): string[] {
  return [
    ...skipped(pair.a, pair.b),
    ...described(pair.a, pair.repeated, DESCRIBED.repeated),
    ...described(pair.a, pair.alone, DESCRIBED.alone),
  ];
}

/** The records at the offset that the answer's `meta.page.offset` says, as page A shows them, or none. */
export function described(a: ApiResponse, page: ApiResponse, query: string): string[] {
  const [va, vp] = [viewPage(a.json), viewPage(page.json)];
  if (!a.ok || !page.ok || va.data === undefined || vp.data === undefined || vp.offset === undefined)
    return [];
  const expected = va.ids.slice(vp.offset, vp.offset + vp.ids.length);
  // Beyond page A's records nothing can be compared: the records both hold are.
  if (sameSequence(vp.ids.slice(0, expected.length), expected)) return [];
  return [
    `${query} answered meta.page.offset ${vp.offset} and the ids ${show(vp.ids)}, but the records at offset ${vp.offset} are ${show(expected)} (page[offset]=0 answered ${show(va.ids)})`,
  ];
}

/** Page B holds records 2 and 3 of page A, in the same order, or none. */
export function skipped(a: ApiResponse, b: ApiResponse): string[] {
  const [va, vb] = [viewPage(a.json), viewPage(b.json)];
  // Not listings: the exchange rules judge each answer; nothing to compare.
  if (!a.ok || !b.ok || va.data === undefined || vb.data === undefined) return [];
  const expected = va.ids.slice(PAIR.b.offset, PAIR.b.offset + PAIR.b.limit);
  // Records beyond B's limit are the page-limit rule's failure, and A may hold fewer than 3: judge what both hold.
  if (sameSequence(vb.ids.slice(0, expected.length), expected)) return [];
  return [
    `page[offset]=${PAIR.b.offset}&page[limit]=${PAIR.b.limit} answered the ids ${show(vb.ids)}, but the page at offset 0 is ${show(va.ids)}: skipping ${PAIR.b.offset} record leaves ${show(expected)}`,
  ];
}

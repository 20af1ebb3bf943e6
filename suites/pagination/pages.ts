/**
 * The pages of the pagination area (§2.5, §4.3): the two listings, the offset pair of PAGE-OFFSET, and a page
 * as the checks look at it.
 */
import { show } from '../../helpers/check/failure.ts';
import { createCategory, createProduct } from '../../helpers/fixtures/create.ts';
import type { ApiResponse } from '../../helpers/http/response.ts';
import { type PageView, sameSequence, viewPage } from '../../helpers/listing/page.ts';
import { pagesOfWalk } from '../../helpers/listing/settled-walk.ts';
import type { Walk } from '../../helpers/listing/walk.ts';
import type { suiteRun } from '../../helpers/run/suite.ts';

/** What the entry module's `suiteRun()` gave. */
export type SuiteRun = ReturnType<typeof suiteRun>;

/** The offset pair of PAGE-OFFSET: the page at offset 1 (limit 2) is the page at offset 0 (limit 3) without its first record. */
export const PAIR_A = { limit: 3, offset: 0 } as const;
export const PAIR_B = { limit: 2, offset: 1 } as const;

export interface Listing {
  readonly endpoint: string;
  /** The `type` of its records. */
  readonly kind: 'category' | 'product';
  readonly schemaRule: 'CAT-SCHEMA' | 'PRD-SCHEMA';
  readonly create: () => Promise<{ id: string }>;
}

/** The two listings of the area, each with a way to make a record of its own. */
export function listings({ info, api, cleanup }: SuiteRun): readonly [Listing, Listing] {
  return [
    {
      endpoint: '/v2/categories',
      kind: 'category',
      schemaRule: 'CAT-SCHEMA',
      create: () => createCategory(api, info.runTag, cleanup),
    },
    {
      endpoint: '/v2/products',
      kind: 'product',
      schemaRule: 'PRD-SCHEMA',
      create: () => createProduct(api, info.runTag, cleanup),
    },
  ];
}

export interface OffsetPair {
  readonly a: ApiResponse;
  readonly b: ApiResponse;
}

/** A page of a listing as the checks look at it: the answer, the page it asked for, and what it says. */
export interface SeenPage {
  readonly response: ApiResponse;
  readonly asked: { limit: number; offset: number };
  readonly view: PageView;
  /** What a walk showed: records follow this page (false), or it is the end (true); undefined: not known. */
  readonly endReached?: boolean | undefined;
}

export function seen(response: ApiResponse, asked: { limit: number; offset: number }): SeenPage {
  return { response, asked, view: viewPage(response.json) };
}

/**
 * The pages of a walk that the per-page rules judge (through links.next, and the last page of a partial
 * walk), each asked at the walk's limit and its offset, with what the walk showed of the end.
 */
export function seenWalkPages(walk: Walk<ApiResponse>): SeenPage[] {
  return pagesOfWalk(walk).map(({ page, offset, endReached }) => ({
    response: page.response,
    asked: { limit: walk.limit, offset },
    view: page.view,
    endReached,
  }));
}

/** PAGE-OFFSET across the pair: page B must hold records 2 and 3 of page A, in the same order. */
export function pairDiscrepancies({ a, b }: OffsetPair): string[] {
  const va = viewPage(a.json);
  const vb = viewPage(b.json);
  // Not listings: judged per response by the checks, nothing to compare.
  if (!a.ok || !b.ok || va.data === undefined || vb.data === undefined) return [];
  const expected = va.ids.slice(PAIR_B.offset, PAIR_B.offset + PAIR_B.limit);
  // Records beyond page B's limit are PAGE-LIMIT's failure: the offset is judged on the first `limit` only.
  if (sameSequence(vb.ids.slice(0, PAIR_B.limit), expected)) return [];
  return [
    `page[offset]=${PAIR_B.offset}&page[limit]=${PAIR_B.limit} answered the ids ${show(vb.ids)}, but the page at offset 0 (page[limit]=${PAIR_A.limit}) is ${show(va.ids)}: skipping ${PAIR_B.offset} record leaves ${show(expected)}`,
  ];
}

export function pairSignature({ a, b }: OffsetPair): string {
  const va = viewPage(a.json);
  const vb = viewPage(b.json);
  return JSON.stringify([a.status, b.status, va.resultsTotal, vb.resultsTotal, va.ids, vb.ids]);
}

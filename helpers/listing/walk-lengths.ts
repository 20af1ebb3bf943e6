/**
 * The page length of the second walk of a listing (§2.5, rules PAGE-WALK, PAGE-COUNTS and PAGE-PREV-NEXT):
 * a walk at another length than the first ({@link walkLimit}, a quarter of the total), so that a server
 * that is right at one page length and wrong at another is walked at both.
 */
import { MAX_PAGE_LENGTH } from '../limits.ts';
import { clamp } from './page.ts';
import { walkLimit } from './walk.ts';

/**
 * The page length of the second walk over `total` records: total − 1, between 1 and the maximum of 100, so
 * that the walk is short and shaped unlike the first: one full page and a last page of one record (a listing
 * of 3 to 101 records), or pages of 100 (a longer listing, walked in full up to 500 records, partially
 * beyond, as the first walk). Where that is the first walk's length, the length next to it: 2 for a listing
 * of 1 or 2 records (the whole listing in one page), 99 from 397 records (where the first walk is at 100).
 */
export function otherWalkLimit(total: number): number {
  const first = walkLimit(total);
  const length = clamp(total - 1, 1, MAX_PAGE_LENGTH);
  if (length !== first) return length;
  return length < MAX_PAGE_LENGTH ? length + 1 : length - 1;
}

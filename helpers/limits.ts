/**
 * The limits of commerce-api.md §8, as the suite uses them: the one place in the suite (suites and helpers)
 * where these numbers are written. The reference server has its own copy (its behaviour, not the suite's
 * expectation), so that a change on one side is caught by the other.
 */

/** §8 "Default page length": 100, unless the target changed it project-wide (`CONFORMANCE_DEFAULT_PAGE_LIMIT`). */
export const DEFAULT_PAGE_LENGTH = 100;

/** §8 "Maximum page length": 100 records, on any paginated call. */
export const MAX_PAGE_LENGTH = 100;

/**
 * §8 "Offset limit": 10,000 records; hard on `/v2/orders` and `/v2/files`, soft on
 * the other listings.
 */
export const OFFSET_LIMIT = 10_000;

/** §8 "Included resources per request": 5, a soft limit. */
export const MAX_INCLUDES = 5;

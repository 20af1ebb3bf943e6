/** The limits of §8 as the suite expects them (the reference server has its own copy, its behaviour). */

/** §8 "Default page length", unless the target changed it project-wide. */
export const DEFAULT_PAGE_LENGTH = 100;

/** §8 "Maximum page length". */
export const MAX_PAGE_LENGTH = 100;

/** §8 "Offset limit": hard on `/v2/orders` and `/v2/files`, soft on the other listings. */
export const OFFSET_LIMIT = 10_000;

/** §8 "Included resources per request": 5, a soft limit. */
export const MAX_INCLUDES = 5;

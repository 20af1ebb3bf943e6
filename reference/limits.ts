// The limits the reference server enforces, written once on the reference side (the suite keeps its own copy:
// it must not take its expectations from the server it judges).

/** §8 "Default page length: 100": `page[limit]` of a listing request that has none (changeable per project). */
export const DEFAULT_PAGE_LIMIT = 100;

/** §8 "Maximum page length: 100", on any paginated call. */
export const MAX_PAGE_LIMIT = 100;

/** §8 "Offset limit, hard / soft: 10,000 records": hard on `/v2/orders` and `/v2/files`, soft elsewhere. */
export const OFFSET_LIMIT = 10_000;

/** The largest `page[offset]` the soft listings serve (an empty page past the end); above it is refused. */
export const MAX_OFFSET = Number.MAX_SAFE_INTEGER;

/** §8 "Included resources per request: 5 (soft limit)": how many `include` values a request may name. */
export const MAX_INCLUDES = 5;

/** Our choice: the most elements of one array of a request body (prices, category links, observed events). */
export const MAX_ITEMS = 100;

/** Our choice: the largest quantity of one product in one cart. */
export const MAX_QUANTITY = 10_000;

/** Our choice: request bodies above this are answered 413. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** Our choice: a longer path parameter (as sent) cannot be an id (ours are 36-character UUIDs): 404. */
export const MAX_PARAM_LENGTH = 1000;

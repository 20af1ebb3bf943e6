/**
 * The limits of §8 of the specification, as the reference server applies them: the one place each number is
 * written on the reference side (the server, its options, its faults and its variants all read them here).
 * The suite has its own copy of the numbers it checks (a suite must not take its expectations from the
 * server it judges).
 */

/** §8 "Default page length: 100": `page[limit]` of a listing request that has none (changeable per project). */
export const DEFAULT_PAGE_LIMIT = 100;

/** §8 "Maximum page length: 100", on any paginated call. */
export const MAX_PAGE_LIMIT = 100;

/**
 * §8 "Offset limit, hard / soft: 10,000 records": `/v2/orders` and `/v2/files` reject a `page[offset]`
 * above it (hard); the other listings may serve it or reject it (soft).
 */
export const OFFSET_LIMIT = 10_000;

/** §8 "Included resources per request: 5 (soft limit)": how many `include` values a request may name. */
export const MAX_INCLUDES = 5;

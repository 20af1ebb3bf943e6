/**
 * Why the configuration left a rule out of a run: the rule filter (`--rule`, `--area`, `--rerun-failed`), a
 * shard that did not hold the rule's suite files (`--shard`), or read-only mode (every check of the rule
 * sends write requests, or needs an id that read-only mode was not given), or a recording of traffic that
 * holds nothing the rule judges (`traffic`, `proxy`).
 */
export type ExclusionCause = 'filter' | 'shard' | 'read-only' | 'recording';

/** Every cause, in the order reports list them. */
export const EXCLUSION_CAUSES: readonly ExclusionCause[] = ['filter', 'shard', 'read-only', 'recording'];

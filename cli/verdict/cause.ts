/** Why the configuration left a rule out of a run (for `recording`: the traffic holds nothing it judges). */
export type ExclusionCause = 'filter' | 'shard' | 'read-only' | 'recording';

/** Every cause, in the order reports list them. */
export const EXCLUSION_CAUSES: readonly ExclusionCause[] = ['filter', 'shard', 'read-only', 'recording'];

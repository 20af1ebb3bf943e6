/** How hard a check pushed its rule: the inputs it judged and left unjudged, what an exploration spent. */

export interface ExplorationTally {
  /** The exploration's row of the allocation table. */
  readonly name: string;
  readonly seed: number;
  readonly allowance: number;
  /** Requests sent, shrinking included. */
  requests: number;
  shrinks?: number;
  /** The classes of its space it visited once each before drawing the rest. */
  classes?: number;
  /** What its row borrowed past its share from what other rows left, and lent of it, when it ended. */
  borrowed?: number;
  lent?: number;
}

/** What a row of the allocation table spent, over its checks and probes. */
export type RowSpend = Pick<Required<ExplorationTally>, 'allowance' | 'requests' | 'borrowed' | 'lent'>;

export interface DepthRecord {
  /** Distinct inputs judged (by their text as the report shows it). */
  inputs: number;
  /** Inputs not judged (a legitimate refusal, a prerequisite missing). */
  skippedInputs: number;
  skipReasons: string[];
  exploration?: ExplorationTally;
}

const MAX_REASONS = 5;

/** The inputs already counted, per tally (kept out of the record, which is serialised). */
const seenInputs = new WeakMap<DepthRecord, Set<string>>();

export const newDepthRecord = (): DepthRecord => ({ inputs: 0, skippedInputs: 0, skipReasons: [] });

export function noteInput(depth: DepthRecord, key: string): void {
  const seen = seenInputs.get(depth) ?? new Set<string>();
  if (seen.has(key)) return;
  seenInputs.set(depth, seen.add(key));
  depth.inputs += 1;
}

export function noteSkippedInput(depth: DepthRecord, reason: string): void {
  depth.skippedInputs += 1;
  if (depth.skipReasons.length < MAX_REASONS && !depth.skipReasons.includes(reason))
    depth.skipReasons.push(reason);
}

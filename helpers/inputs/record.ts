/**
 * How hard a check pushed its rule: the distinct inputs it judged, the inputs it had to leave unjudged (a
 * legitimate refusal), and, for a deep exploration, its seed, share of the request budget and requests sent.
 * Kept in the check's record (`CheckRecord.depth`) and rolled up per rule in the reports.
 */

/** What a deep exploration spent. */
export interface ExplorationTally {
  /** The exploration's row of the allocation table (`allocation.ts`). */
  readonly name: string;
  /** The seed it drew from (derived from the run's seed and its name). */
  readonly seed: number;
  /** Its share of the request budget. */
  readonly allowance: number;
  /** Requests sent, shrinking included (never more than `allowance`). */
  requests: number;
  /** Shrinking steps taken to reach the minimal failing input, when one failed. */
  shrinks?: number;
  /** The classes of its space it visited once each before drawing the rest (every seed visits them). */
  classes?: number;
}

/** A check's depth tally. */
export interface DepthRecord {
  /** Distinct inputs judged (an input is its text as the report shows it). */
  inputs: number;
  /** Inputs not judged, because the target legitimately refused them (or a prerequisite of one was missing). */
  skippedInputs: number;
  /** The first few distinct reasons of the skipped inputs. */
  skipReasons: string[];
  /** Deep explorations only. */
  exploration?: ExplorationTally;
}

/** Most skip reasons kept per check. */
const MAX_REASONS = 5;

/** The inputs already counted, per tally (kept out of the record, which is serialised). */
const seenInputs = new WeakMap<DepthRecord, Set<string>>();

export function newDepthRecord(): DepthRecord {
  return { inputs: 0, skippedInputs: 0, skipReasons: [] };
}

/** Counts an input as judged, once per distinct `key`. */
export function noteInput(depth: DepthRecord, key: string): void {
  const seen = seenInputs.get(depth) ?? new Set<string>();
  seenInputs.set(depth, seen);
  if (seen.has(key)) return;
  seen.add(key);
  depth.inputs += 1;
}

/** Counts an input that was not judged, keeping the first few distinct reasons. */
export function noteSkippedInput(depth: DepthRecord, reason: string): void {
  depth.skippedInputs += 1;
  if (depth.skipReasons.length < MAX_REASONS && !depth.skipReasons.includes(reason)) {
    depth.skipReasons.push(reason);
  }
}

/**
 * A baseline of expected failures (`--baseline FILE`, `CONFORMANCE_BASELINE`): the file format of
 * `schemas/cli/baseline.schema.json`, and what a baseline makes of each rule of a run.
 */
import type { RuleId } from '../../rules/catalogue.ts';

/** A rule the target is known to fail; past `until` (an ISO date, the last day it counts) it no longer counts. */
export interface KnownFailureEntry {
  readonly rule: RuleId;
  readonly reason: string;
  readonly until?: string;
}

/** A capability the target does not offer (e.g. no `card_payment_intents` gateway). */
export interface UnsupportedEntry {
  readonly rule: RuleId;
  readonly unsupported: string;
}

export type BaselineEntry = KnownFailureEntry | UnsupportedEntry;

/** A baseline file, read and checked against the schema and the rule catalogue. */
export interface Baseline {
  /** The file it was read from (as given). */
  readonly file: string;
  readonly description?: string;
  readonly entries: readonly BaselineEntry[];
}

/** Whether an entry marks a capability as not offered. */
export function isUnsupported(entry: BaselineEntry): entry is UnsupportedEntry {
  return 'unsupported' in entry;
}

/**
 * What the baseline makes of a rule: `known` (a listed failure that failed, or could not be evaluated),
 * `stale` (listed, but the rule now passes), `unsupported` (listed as a capability the target lacks, and
 * not passing), `expired` (listed with an `until` in the past: it no longer counts).
 */
export type BaselineMark = 'known' | 'stale' | 'unsupported' | 'expired';

/** How the baseline was applied to a run, as kept in the report. */
export interface BaselineSummary {
  readonly file: string;
  readonly entries: number;
  /** Failures listed in the baseline: reported, not fatal. */
  readonly known: readonly RuleId[];
  /** Failures not in the baseline (every level; INFO rules never fail). */
  readonly new: readonly RuleId[];
  /** Entries whose rule now passes: fatal with `--strict-baseline`. */
  readonly stale: readonly RuleId[];
  /** Rules the baseline marks unsupported (not passing, not counted as missing). */
  readonly unsupported: readonly RuleId[];
  /** Entries past their `until` date: they count as if absent. */
  readonly expired: readonly RuleId[];
}

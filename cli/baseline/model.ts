/** A baseline of expected failures (`schemas/cli/baseline.schema.json`), and what it makes of each rule. */
import type { RuleId } from '../../rules/catalogue.ts';

/** A rule the target is known to fail; past `until` (the last day it counts) it no longer counts. */
interface KnownFailureEntry {
  readonly rule: RuleId;
  readonly reason: string;
  readonly until?: string;
}

/** A capability the target does not offer (e.g. no `card_payment_intents` gateway). */
interface UnsupportedEntry {
  readonly rule: RuleId;
  readonly unsupported: string;
}

export type BaselineEntry = KnownFailureEntry | UnsupportedEntry;

/** A baseline file, read and checked against the schema and the rule catalogue. */
export interface Baseline {
  readonly file: string;
  readonly description?: string;
  readonly entries: readonly BaselineEntry[];
}

export function isUnsupported(entry: BaselineEntry): entry is UnsupportedEntry {
  return 'unsupported' in entry;
}

/** What the baseline makes of a listed rule (`stale`: it now passes; `expired`: past its `until`). */
export type BaselineMark = 'known' | 'stale' | 'unsupported' | 'expired';

/** How the baseline was applied to a run, as kept in the report. */
export interface BaselineSummary {
  readonly file: string;
  readonly entries: number;
  readonly known: readonly RuleId[];
  /** Failures not in the baseline. */
  readonly new: readonly RuleId[];
  readonly stale: readonly RuleId[];
  readonly unsupported: readonly RuleId[];
  readonly expired: readonly RuleId[];
}

/** The report model: `conformance.json`, from which the other reports are made. Its format is stable. */

import type { CheckStatus, Outcome } from '../../helpers/check/outcome.ts';
import type { Evidence } from '../../helpers/http/evidence.ts';
import type { DimensionCoverage } from '../../helpers/inputs/coverage.ts';
import type { DepthRecord, RowSpend } from '../../helpers/inputs/record.ts';
import type { Rule, RuleArea, RuleId, RuleLevel } from '../../rules/catalogue.ts';
import type { BaselineMark, BaselineSummary } from '../baseline/read.ts';
import type { RunMetadata } from './metadata.ts';

/** The version of the report format; raised when a field changes meaning or disappears. */
export const REPORT_FORMAT = 1;

export type { CheckStatus };

export const RULE_STATUSES = ['passed', 'failed', 'skipped', 'error', 'untested', 'observed'] as const;

/** Outcome of one rule, rolled up from its checks; `untested`: no check of the rule ran. */
export type RuleStatus = (typeof RULE_STATUSES)[number];

/** One exchange as kept in a report (the client's record, already redacted). */
export type ExchangeEvidence = Omit<Evidence, 'attempt' | 'durationMs'> &
  Partial<Pick<Evidence, 'durationMs'>>;

/** One check (one vitest test, or an exchange rule's tally of one suite file) as kept in a report. */
export interface CheckResult
  extends Pick<
      Outcome,
      'name' | 'status' | 'file' | 'durationMs' | 'message' | 'reason' | 'observations' | 'bySource'
    >,
    Partial<Pick<Evidence, 'request' | 'response' | 'curl'>>,
    Partial<Readonly<DepthRecord>> {
  readonly exchangeCount: number;
  /** failed / error: the key exchange's request, response and curl, and every exchange of the check (capped). */
  readonly exchanges?: readonly ExchangeEvidence[];
}

/** How a rule changed since the previous report in the same directory. */
export type Trend =
  | 'newly-failing'
  | 'newly-passing'
  | 'still-failing'
  | 'still-passing'
  | 'changed'
  | 'unchanged'
  | 'new';

/** A rule as reports name it: ID, level, area, section and sentence (of the catalogue the report was made with). */
export type RuleHead = { readonly id: string } & Pick<Rule, 'level' | 'area' | 'section' | 'title'>;

export function ruleHead<H extends RuleHead>(rule: H): Pick<H, keyof RuleHead> {
  const { id, level, area, section, title } = rule;
  return { id, level, area, section, title };
}

/** The first line of a rule's first failure (else `otherwise`) without its `ID LEVEL §x:`, cut at 200 characters. */
export function failureLine(rule: RuleResult, otherwise: string): string {
  const message = rule.checks.find((c) => c.status === 'failed')?.message ?? otherwise;
  const line = (message.split('\n')[0] ?? '').replace(/^\S+ (MUST|SHOULD|INFO) §\S+: /, '');
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

/** Why a rule was not evaluated: its skip reason, else its first error's first line, else `otherwise`. */
export function notEvaluatedLine(rule: RuleResult, otherwise: string): string {
  const error = rule.checks.find((c) => c.status === 'error')?.message;
  return rule.reason || (error ? (error.split('\n')[0] ?? error) : otherwise);
}

/**
 * One rule of the catalogue with its outcome; skipped: the reason of its first skipped check; its distinct inputs
 * judged over its checks (see `ruleInputs`), and by what sent them.
 */
export interface RuleResult
  extends RuleHead,
    Pick<CheckResult, 'reason' | 'observations' | 'inputs' | 'bySource'> {
  readonly id: RuleId;
  readonly status: RuleStatus;
  /** Only when a previous report was found. */
  readonly trend?: Trend;
  readonly previousStatus?: RuleStatus;
  /** failed: the start of the first run of the current failing streak. */
  readonly failingSince?: string;
  readonly baseline?: RuleBaseline;
  /**
   * The rule over the runs of `history.json`: its statuses, oldest first (`untested` where the catalogue lacked
   * it), its changes of status between runs that evaluated it, and whether that makes it flaky.
   */
  readonly history?: {
    readonly statuses: readonly RuleStatus[];
    readonly flips: number;
    readonly flaky: boolean;
  };
  readonly checks: readonly CheckResult[];
}

/** A rule as the baseline sees it: the mark, the entry's reason (or what is unsupported) and its `until`. */
export interface RuleBaseline {
  readonly mark: BaselineMark;
  readonly note: string;
  readonly until?: string;
}

export type StatusCounts = Record<RuleStatus, number>;

/** A run stopped before its end (SIGINT / SIGTERM, deadline, circuit breaker), and the sentence printed. */
export interface RunStop {
  readonly kind: 'interrupted' | 'deadline' | 'breaker';
  readonly reason: string;
}

/** Why the configuration left a rule out of a run (for `recording`: the traffic holds nothing it judges). */
export type ExclusionCause = 'filter' | 'shard' | 'read-only' | 'recording';

/** The verdict and the exit code it gives (see cli/verdict/judge.ts). */
export interface Verdict {
  readonly exitCode: 0 | 1 | 2;
  readonly outcome: 'passed' | 'failed' | 'incomplete';
  readonly strict: boolean;
  readonly strictBaseline: boolean;
  /** MUST and SHOULD rules that failed and that the baseline does not list. */
  readonly failedMust: readonly RuleId[];
  readonly failedShould: readonly RuleId[];
  /** MUST rules of the selection that were not evaluated: the run is incomplete. */
  readonly incomplete: readonly RuleId[];
  /** MUST rules the configuration left out, by cause: they cannot make it incomplete. */
  readonly excluded: readonly { readonly by: ExclusionCause; readonly rules: readonly RuleId[] }[];
  readonly baseline?: BaselineSummary;
}

/** What a report of recorded or proxied traffic judged (cli/traffic/). */
export interface TrafficSummary {
  /** The HAR files, or the proxy's target. */
  readonly sources: readonly string[];
  /** Exchanges with the API, those judged, and those not judged by reason. */
  readonly exchanges: number;
  readonly judged: number;
  readonly notJudged: readonly { readonly reason: string; readonly count: number }[];
  /** What the traffic leaves unknown: a recording without credentials, exchanges judged in part by reason. */
  readonly notes?: readonly string[];
}

/** The whole report: `conformance.json`. */
export interface ConformanceReport {
  readonly format: typeof REPORT_FORMAT;
  readonly suiteVersion: string;
  readonly metadata: RunMetadata;
  /** The base URL tested. */
  readonly target: string;
  readonly embedded: boolean;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly readOnly: boolean;
  /** Deep profile: the request budget of the exploration and the requests it sent, in all and by row. */
  readonly exploration?: Readonly<{ budget: number; requests: number; rows?: Record<string, RowSpend> }>;
  /** How much of the space the specification allows the run explored, per dimension (`probes/space/`). */
  readonly coverage?: readonly DimensionCoverage[];
  readonly traffic?: TrafficSummary;
  /** `--rule`, `--area`; absent: every rule was selected. */
  readonly filter?: { readonly rules: readonly string[]; readonly areas: readonly string[] };
  /** `--shard i/n` of the run, or the shards a merged report was made from. */
  readonly shards?: readonly string[];
  /** A run stopped before its end: what it did not reach is untested, and its exit code is 2. */
  readonly stopped?: RunStop;
  readonly summary: StatusCounts;
  readonly byArea: readonly ({ readonly area: RuleArea } & StatusCounts)[];
  readonly byLevel: readonly ({ readonly level: RuleLevel } & StatusCounts)[];
  readonly verdict: Verdict;
  /** Problems of the engine; any makes the exit code 2. */
  readonly errors: readonly string[];
  /** Probes that could not send what they send (a prerequisite missing), with the reason. */
  readonly skippedProbes?: readonly {
    readonly file: string;
    readonly name: string;
    readonly reason: string;
  }[];
  /** Only when a previous report was found. */
  readonly previous?: { readonly startedAt: string };
  readonly changes?: {
    readonly newlyFailing: readonly RuleId[];
    readonly newlyPassing: readonly RuleId[];
    readonly stillFailing: readonly RuleId[];
  };
  /** What `history.json` held when the report was written: the runs (oldest first) and the flaky rules. */
  readonly history?: {
    /** `CONFORMANCE_HISTORY_SIZE`. */
    readonly size: number;
    readonly runs: readonly { readonly startedAt: string }[];
    readonly flaky: readonly RuleId[];
  };
  /** Every rule of the catalogue, in catalogue order. */
  readonly rules: readonly RuleResult[];
}

/** A check result with its rule's ID, unchecked until the report is built. */
export interface RuleCheck {
  readonly ruleId: string;
  readonly check: CheckResult;
}

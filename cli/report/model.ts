/**
 * The report model: what `conformance.json` holds, and what the JUnit, HTML and Markdown reports are made
 * from. The format is stable: other tools (the fault matrix, CI jobs, the merge command) read it.
 */

import type { RecordedRequest, RecordedResponse } from '../../helpers/http/evidence.ts';
import type { DimensionCoverage } from '../../helpers/inputs/coverage.ts';
import type { ExplorationTally } from '../../helpers/inputs/record.ts';
import type { SourceKind } from '../../helpers/judge/judging.ts';
import type { Rule, RuleArea, RuleId, RuleLevel } from '../../rules/catalogue.ts';
import type { BaselineMark, BaselineSummary } from '../baseline/model.ts';
import type { ExclusionCause } from '../verdict/cause.ts';
import type { RunMetadata } from './metadata.ts';

/** The version of the report format; raised when a field changes meaning or disappears. */
export const REPORT_FORMAT = 1;

/**
 * Outcome of one check. `error`: the check was not evaluated (no HTTP answer, or a defect of the suite);
 * `observed`: a check of an INFO rule ran (INFO rules are never judged).
 */
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'error' | 'observed';

/** Outcome of one rule, rolled up from its checks; `untested`: no check of the rule ran. */
export type RuleStatus = 'passed' | 'failed' | 'skipped' | 'error' | 'untested' | 'observed';

/** Every rule status, in the order reports show them. */
export const RULE_STATUSES: readonly RuleStatus[] = [
  'passed',
  'failed',
  'skipped',
  'error',
  'untested',
  'observed',
];

/** One exchange as kept in a report (the client's record, already redacted). */
export interface ExchangeEvidence {
  readonly request: RecordedRequest;
  readonly response?: RecordedResponse;
  /** Transport error, when no HTTP answer came back. */
  readonly error?: string;
  readonly durationMs?: number;
  readonly curl: string;
}

/** One check (one vitest test, or an exchange rule's tally of one suite file) as kept in a report. */
export interface CheckResult {
  /** The test name, `ID LEVEL: title`. */
  readonly name: string;
  readonly status: CheckStatus;
  /** The suite file, relative to the project. */
  readonly file?: string;
  readonly durationMs?: number;
  /** failed / error: what was expected and what came back (the ConformanceFailure message), or why not evaluated. */
  readonly message?: string;
  /** skipped: why. */
  readonly reason?: string;
  /** INFO checks: what was observed. */
  readonly observations?: Record<string, unknown>;
  /** How many exchanges the check made or relied on. */
  readonly exchangeCount: number;
  /** failed / error: the key exchange (the failing one), as in the failure message. */
  readonly request?: RecordedRequest;
  readonly response?: RecordedResponse;
  readonly curl?: string;
  /** failed / error: every exchange of the check (capped), the key one included. */
  readonly exchanges?: readonly ExchangeEvidence[];
  /** Distinct inputs the check judged, when it counted them (boundary values, generated inputs). */
  readonly inputs?: number;
  /** Inputs left unjudged (a legitimate refusal), with the first reasons. */
  readonly skippedInputs?: number;
  readonly skipReasons?: readonly string[];
  /** Deep profile: what the check's generated exploration spent (seed, share of the budget, requests). */
  readonly exploration?: ExplorationTally;
  /** An exchange rule's tally of one suite file: the exchanges it judged, by what sent them. */
  readonly bySource?: Partial<Record<SourceKind, number>>;
}

/** How a rule changed since the previous report in the same directory. */
export type Trend =
  | 'newly-failing'
  | 'newly-passing'
  | 'still-failing'
  | 'still-passing'
  | 'changed'
  | 'unchanged'
  /** The rule was not in the previous report. */
  | 'new';

/** A rule as reports name it: ID, level, area, section and sentence (of the catalogue the report was made with). */
export type RuleHead = { readonly id: string } & Pick<Rule, 'level' | 'area' | 'section' | 'title'>;

/** The head of a rule, its fields in report order. */
export function ruleHead<H extends RuleHead>(rule: H): Pick<H, keyof RuleHead> {
  const { id, level, area, section, title } = rule;
  return { id, level, area, section, title };
}

/** One rule of the catalogue with its outcome. */
export interface RuleResult extends RuleHead {
  readonly id: RuleId;
  readonly status: RuleStatus;
  /** skipped: the reason of the first skipped check. */
  readonly reason?: string;
  /** observed: what the checks observed, merged. */
  readonly observations?: Record<string, unknown>;
  /** Only when a previous report was found. */
  readonly trend?: Trend;
  readonly previousStatus?: RuleStatus;
  /** failed: the start (ISO date-time) of the first run of the current failing streak. */
  readonly failingSince?: string;
  /** Only for a rule listed in the run's baseline (and selected): what the baseline makes of it. */
  readonly baseline?: RuleBaseline;
  /** The rule's statuses in the runs kept in `history.json` (see cli/history/), when the report has one. */
  readonly history?: RuleHistory;
  /** How hard the rule was pushed: distinct inputs judged over its checks (see {@link ruleInputs}). */
  readonly inputs?: number;
  /**
   * The inputs judged by what sent them: the exchanges its exchange verdict judged, by sender (checks,
   * boundary values, generated inputs, replays, provisioning steps, cleanup), and the inputs of its own checks
   * (as `check`).
   */
  readonly bySource?: Partial<Record<SourceKind, number>>;
  readonly checks: readonly CheckResult[];
}

/** A rule as the baseline sees it: the mark, the entry's reason (or what is unsupported) and its `until`. */
export interface RuleBaseline {
  readonly mark: BaselineMark;
  readonly note: string;
  readonly until?: string;
}

/**
 * A rule over the runs of `history.json`: its statuses, oldest first and this run last (`untested` for a run
 * whose catalogue did not have the rule), how often its status flipped, and whether that makes it flaky.
 */
export interface RuleHistory {
  readonly statuses: readonly RuleStatus[];
  /** Changes of status between consecutive runs that evaluated the rule (untested and skipped runs left out). */
  readonly flips: number;
  /** Two flips or more in the window. */
  readonly flaky: boolean;
}

/** What `history.json` held when the report was written: the runs (this one last) and the flaky rules. */
export interface HistorySummary {
  /** How many runs the history keeps (`CONFORMANCE_HISTORY_SIZE`). */
  readonly size: number;
  /** The runs of the window, oldest first, aligned with every {@link RuleHistory.statuses}. */
  readonly runs: readonly { readonly startedAt: string }[];
  readonly flaky: readonly RuleId[];
}

/** Rule counts by status. */
export type StatusCounts = Record<RuleStatus, number>;

/** Why a run was stopped before its end: SIGINT / SIGTERM, its deadline, or the circuit breaker. */
export type StopKind = 'interrupted' | 'deadline' | 'breaker';

/** A run stopped before its end: what stopped it, and the sentence the command line printed. */
export interface RunStop {
  readonly kind: StopKind;
  readonly reason: string;
}

/** The verdict and the exit code it gives (see cli/verdict/judge.ts). */
export interface Verdict {
  /**
   * 0: green, every MUST rule of the selection evaluated and none failed outside the baseline; 1: a failure
   * not in the baseline (a MUST rule; strict: a SHOULD rule too; strict baseline: a stale entry); 2: incomplete,
   * or the run was stopped before its end (see {@link ConformanceReport.stopped}), whatever it judged.
   */
  readonly exitCode: 0 | 1 | 2;
  readonly outcome: 'passed' | 'failed' | 'incomplete';
  readonly strict: boolean;
  /** `--strict-baseline`: a stale baseline entry fails the run. */
  readonly strictBaseline: boolean;
  /** MUST rules that failed and that the baseline does not list. */
  readonly failedMust: readonly RuleId[];
  /** SHOULD rules that failed and that the baseline does not list. */
  readonly failedShould: readonly RuleId[];
  /** MUST rules of the selection that were not evaluated (skipped, error, untested): the run is incomplete. */
  readonly incomplete: readonly RuleId[];
  /** MUST rules the configuration left out, by cause (filter, shard, read-only): they cannot make it incomplete. */
  readonly excluded: readonly { readonly by: ExclusionCause; readonly rules: readonly RuleId[] }[];
  /** Only with a baseline: known, new and stale failures, unsupported and expired entries. */
  readonly baseline?: BaselineSummary;
}

/** What a report of recorded or proxied traffic judged (cli/traffic/). */
export interface TrafficSummary {
  /** The HAR files, or the proxy's target. */
  readonly sources: readonly string[];
  /** Exchanges with the API (under the base URL, paths from `/v2`). */
  readonly exchanges: number;
  /** Of those, the exchanges the rules judged. */
  readonly judged: number;
  /** The exchanges of the API that were not judged, by reason. */
  readonly notJudged: readonly { readonly reason: string; readonly count: number }[];
  /** What the traffic as a whole leaves unknown (a recording without credentials), in words. */
  readonly notes?: readonly string[];
}

/** The whole report: `conformance.json`. */
export interface ConformanceReport {
  readonly format: typeof REPORT_FORMAT;
  readonly suiteVersion: string;
  /** What is needed to trust the report later: label, catalogue hash, seed, depth, selection, Server header. */
  readonly metadata: RunMetadata;
  /** The base URL tested (the embedded reference server's loopback URL when `embedded`). */
  readonly target: string;
  readonly embedded: boolean;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly readOnly: boolean;
  /** Deep profile: the request budget of the exploration and the requests it sent over all checks. */
  readonly exploration?: { readonly budget: number; readonly requests: number };
  /**
   * How much of the space the specification allows the run explored, per dimension (`probes/space/`): the
   * points visited, the gate's covering set, and the first points not visited.
   */
  readonly coverage?: readonly DimensionCoverage[];
  /** A report of traffic the suite did not send (`traffic`, `proxy`): what it came from, what was judged. */
  readonly traffic?: TrafficSummary;
  /** The rule filter of the run (`--rule`, `--area`); absent: every rule was selected. */
  readonly filter?: { readonly rules: readonly string[]; readonly areas: readonly string[] };
  /** `--shard i/n` of the run, or the shards a merged report was made from. */
  readonly shards?: readonly string[];
  /**
   * Only for a run stopped before its end (SIGINT / SIGTERM, deadline, circuit breaker): the report holds what
   * it judged before the stop (the rules it did not reach are untested), and its exit code is 2.
   */
  readonly stopped?: RunStop;
  readonly summary: StatusCounts;
  readonly byArea: readonly ({ readonly area: RuleArea } & StatusCounts)[];
  readonly byLevel: readonly ({ readonly level: RuleLevel } & StatusCounts)[];
  readonly verdict: Verdict;
  /** Problems of the engine (a suite that did not load, an error outside any check); any makes the exit code 2. */
  readonly errors: readonly string[];
  /**
   * Probes that could not send what they send (a prerequisite missing: read-only mode without an id, a
   * record the target would not make), with the reason: the rules their exchanges feed judged less, or
   * nothing (`untested`).
   */
  readonly skippedProbes?: readonly {
    readonly file: string;
    readonly name: string;
    readonly reason: string;
  }[];
  /** Only when a previous report was found: when it started, and the rule changes. */
  readonly previous?: { readonly startedAt: string };
  readonly changes?: {
    readonly newlyFailing: readonly RuleId[];
    readonly newlyPassing: readonly RuleId[];
    readonly stillFailing: readonly RuleId[];
  };
  /** The history of the report directory (cli/history/), this run included. */
  readonly history?: HistorySummary;
  /** Every rule of the catalogue, in catalogue order. */
  readonly rules: readonly RuleResult[];
}

/**
 * A check result with the rule it belongs to: what the collector and the merge command hand to build. The ID
 * comes from a test name or a report read back, so it is a string until build checks it against the catalogue.
 */
export interface RuleCheck {
  readonly ruleId: string;
  readonly check: CheckResult;
}

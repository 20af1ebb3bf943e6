import { coverageOf, type Visits } from '../../helpers/inputs/coverage.ts';
import type { ExplorationTally, RowSpend } from '../../helpers/inputs/record.ts';
import type { SourceKind } from '../../helpers/judge/judging.ts';
import { SPACE } from '../../probes/space/index.ts';
import { AREAS, isRuleId, RULES, type Rule, type RuleId } from '../../rules/catalogue.ts';
import type { Baseline } from '../baseline/read.ts';
import { exclusions } from '../verdict/exclusions.ts';
import { judge } from '../verdict/judge.ts';
import { catalogueHash, defaultLabel, type RunMetadata, type RunSelection } from './metadata.ts';
import {
  type CheckResult,
  type ConformanceReport,
  REPORT_FORMAT,
  RULE_STATUSES,
  type RuleCheck,
  type RuleResult,
  type RuleStatus,
  ruleHead,
  type StatusCounts,
} from './model.ts';

/** What a report says about its run, besides the checks. */
export interface RunDescription
  extends Pick<
      ConformanceReport,
      'suiteVersion' | 'target' | 'embedded' | 'startedAt' | 'durationMs' | 'readOnly'
    >,
    Partial<
      Pick<ConformanceReport, 'filter' | 'shards' | 'errors' | 'traffic' | 'skippedProbes' | 'stopped'>
    >,
    /** `--label`, seed, depth, `--rerun-failed`, the target's `Server` header (see {@link RunMetadata}). */
    Partial<Pick<RunMetadata, 'label' | 'seed' | 'depth' | 'server'> & Pick<RunSelection, 'rerunOf'>> {
  readonly strict: boolean;
  readonly strictBaseline?: boolean;
  readonly baseline?: Baseline;
  readonly requestBudget?: number;
  /** What the deep explorations of the probes spent (those of checks are in the checks). */
  readonly explorations?: readonly ExplorationTally[];
  /** The points of the space each suite file's exchanges visited (none for traffic). */
  readonly coverage?: readonly Visits[];
}

/**
 * Builds the report of a run from its checks: every rule of the catalogue with its status, the counts, the
 * metadata and the verdict. Checks of rules that are not in the catalogue become engine errors.
 */
export function buildReport(run: RunDescription, checks: readonly RuleCheck[]): ConformanceReport {
  const byRule = new Map<RuleId, CheckResult[]>();
  const errors = [...(run.errors ?? [])];
  for (const { ruleId, check } of checks) {
    if (isRuleId(ruleId)) byRule.set(ruleId, [...(byRule.get(ruleId) ?? []), check]);
    else errors.push(`a check names a rule that is not in the catalogue: ${check.name}`);
  }
  const results = RULES.map((rule) => ruleResult(rule, byRule.get(rule.id) ?? []));
  // The run's strict, strictBaseline and baseline.
  const { rules, verdict } = judge(results, {
    ...run,
    stopped: !!run.stopped,
    today: run.startedAt.slice(0, 10),
    excluded: exclusions(results, run),
  });
  return {
    format: REPORT_FORMAT,
    suiteVersion: run.suiteVersion,
    metadata: metadataOf(run),
    target: run.target,
    embedded: run.embedded,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    readOnly: run.readOnly,
    exploration:
      run.depth === 'deep' && run.requestBudget !== undefined
        ? { budget: run.requestBudget, ...explorationOf(checks, run) }
        : undefined,
    coverage: run.coverage && coverageOf(SPACE, run.coverage),
    traffic: run.traffic,
    filter: run.filter,
    shards: run.shards?.length ? run.shards : undefined,
    stopped: run.stopped && { kind: run.stopped.kind, reason: run.stopped.reason },
    summary: count(rules),
    byArea: AREAS.map((area) => ({ area, ...count(rules.filter((r) => r.area === area)) })),
    byLevel: (['MUST', 'SHOULD', 'INFO'] as const).map((level) => ({
      level,
      ...count(rules.filter((r) => r.level === level)),
    })),
    verdict,
    errors,
    skippedProbes: run.skippedProbes?.length ? run.skippedProbes : undefined,
    rules,
  };
}

/** A rule's status from its checks: failed, else error, else passed (INFO: observed), else skipped. */
function ruleStatus(level: Rule['level'], checks: readonly CheckResult[]): RuleStatus {
  if (checks.length === 0) return 'untested';
  const has = (status: CheckResult['status']) => checks.some((c) => c.status === status);
  if (has('failed')) return 'failed';
  if (has('error')) return 'error';
  if (has('passed') || has('observed')) return level === 'INFO' ? 'observed' : 'passed';
  return 'skipped';
}

/** How hard a rule was pushed: the inputs its checks counted, else one per judged check. */
export function ruleInputs(checks: readonly CheckResult[]): number {
  const judged = (c: CheckResult) => (['passed', 'failed', 'observed'].includes(c.status) ? 1 : 0);
  return checks.reduce((sum, c) => sum + (c.inputs ?? judged(c)), 0);
}

/** A rule's inputs by what sent them: its exchange tallies' senders, and its own checks' inputs as `check`. */
function ruleSources(checks: readonly CheckResult[]): Partial<Record<SourceKind, number>> {
  const out: Partial<Record<SourceKind, number>> = {};
  for (const c of checks) {
    const sources = c.bySource ?? { check: ruleInputs([c]) };
    for (const [kind, n] of Object.entries(sources) as [SourceKind, number][])
      if (n > 0) out[kind] = (out[kind] ?? 0) + n;
  }
  return out;
}

function ruleResult(rule: Rule<RuleId>, checks: readonly CheckResult[]): RuleResult {
  const status = ruleStatus(rule.level, checks);
  const reason = status === 'skipped' ? checks.find((c) => c.status === 'skipped')?.reason : undefined;
  const observations =
    status === 'observed' ? Object.assign({}, ...checks.map((c) => c.observations ?? {})) : undefined;
  return {
    ...ruleHead(rule),
    status,
    reason,
    observations,
    inputs: ruleInputs(checks),
    bySource: ruleSources(checks),
    checks,
  };
}

/** The requests the deep exploration sent, over every check and probe, and by row (checks of one row summed). */
function explorationOf(checks: readonly RuleCheck[], run: RunDescription) {
  const rows: Record<string, RowSpend> = {};
  for (const e of [...checks.map((c) => c.check.exploration), ...(run.explorations ?? [])]) {
    if (!e) continue;
    const row = rows[e.name] ?? { allowance: e.allowance, requests: 0, borrowed: 0, lent: 0 };
    rows[e.name] = row;
    row.requests += e.requests;
    // Each tally of a row holds what the row had borrowed and lent when its run ended.
    [row.borrowed, row.lent] = [Math.max(row.borrowed, e.borrowed ?? 0), Math.max(row.lent, e.lent ?? 0)];
  }
  return { requests: Object.values(rows).reduce((sum, row) => sum + row.requests, 0), rows };
}

function count(rules: readonly { readonly status: RuleStatus }[]): StatusCounts {
  const counts = Object.fromEntries(RULE_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const rule of rules) counts[rule.status] += 1;
  return counts;
}

function metadataOf(run: RunDescription): RunMetadata {
  return {
    label: defaultLabel(run.label, run.target, run.embedded),
    catalogueHash: catalogueHash(),
    seed: run.seed ?? null,
    depth: run.depth ?? 'gate',
    selection: {
      rules: run.filter?.rules ?? [],
      areas: run.filter?.areas ?? [],
      shards: run.shards?.length ? run.shards : undefined,
      rerunOf: run.rerunOf || undefined,
    },
    server: run.server || undefined,
  };
}

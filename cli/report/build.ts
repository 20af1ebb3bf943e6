import { AREAS, isRuleId, RULES, type Rule, type RuleId } from '../../helpers/catalogue/rules.ts';
import type { Depth } from '../../helpers/depth/profile.ts';
import {
  type CheckResult,
  type ConformanceReport,
  REPORT_FORMAT,
  RULE_STATUSES,
  type RuleCheck,
  type RuleResult,
  type RuleStatus,
  type StatusCounts,
  type Verdict,
} from './model.ts';

/** What a report says about its run, besides the checks. */
export interface RunDescription {
  readonly suiteVersion: string;
  readonly target: string;
  readonly embedded: boolean;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly readOnly: boolean;
  readonly strict: boolean;
  readonly filter?: { readonly rules: readonly string[]; readonly areas: readonly string[] };
  readonly shards?: readonly string[];
  readonly errors?: readonly string[];
  /** The seed of the generated inputs and the depth profile (helpers/depth/profile.ts). */
  readonly seed?: number | null;
  readonly depth?: Depth;
  /** Deep profile: the request budget of the exploration (its requests are summed from the checks). */
  readonly requestBudget?: number;
}

/**
 * Builds the report of a run from its checks: every rule of the catalogue, in catalogue order, with its
 * status rolled up from its checks ({@link ruleStatus}), the counts by status, area and level, and the
 * verdict. Checks of rules that are not in the catalogue become engine errors.
 */
export function buildReport(run: RunDescription, checks: readonly RuleCheck[]): ConformanceReport {
  const byRule = new Map<RuleId, CheckResult[]>();
  const errors = [...(run.errors ?? [])];
  for (const { ruleId, check } of checks) {
    if (!isRuleId(ruleId)) {
      errors.push(`a check names a rule that is not in the catalogue: ${check.name}`);
      continue;
    }
    const list = byRule.get(ruleId) ?? [];
    list.push(check);
    byRule.set(ruleId, list);
  }
  const rules = RULES.map((rule) => ruleResult(rule, byRule.get(rule.id) ?? []));
  return {
    format: REPORT_FORMAT,
    suiteVersion: run.suiteVersion,
    target: run.target,
    embedded: run.embedded,
    startedAt: run.startedAt,
    durationMs: run.durationMs,
    readOnly: run.readOnly,
    ...(run.seed !== undefined ? { seed: run.seed } : {}),
    ...(run.depth ? { depth: run.depth } : {}),
    ...(run.depth === 'deep' && run.requestBudget !== undefined
      ? { exploration: { budget: run.requestBudget, requests: explorationRequests(checks) } }
      : {}),
    ...(run.filter ? { filter: run.filter } : {}),
    ...(run.shards?.length ? { shards: run.shards } : {}),
    summary: count(rules),
    byArea: AREAS.map((area) => ({ area, ...count(rules.filter((r) => r.area === area)) })),
    byLevel: (['MUST', 'SHOULD', 'INFO'] as const).map((level) => ({
      level,
      ...count(rules.filter((r) => r.level === level)),
    })),
    verdict: verdict(rules, run.strict),
    errors,
    rules,
  };
}

/**
 * A rule's status from its checks: failed if any check failed; else error if any was not evaluated; else
 * (INFO) observed or passed if any passed; else skipped if all were skipped; untested when none ran.
 */
export function ruleStatus(level: Rule['level'], checks: readonly CheckResult[]): RuleStatus {
  if (checks.length === 0) return 'untested';
  const has = (status: CheckResult['status']) => checks.some((c) => c.status === status);
  if (has('failed')) return 'failed';
  if (has('error')) return 'error';
  if (has('passed') || has('observed')) return level === 'INFO' ? 'observed' : 'passed';
  return 'skipped';
}

/**
 * How hard a rule was pushed: the distinct inputs its checks judged. A check that counted its inputs
 * (boundary values, generated inputs) gives its count; any other passed, failed or observed check judged one.
 */
export function ruleInputs(checks: readonly CheckResult[]): number {
  return checks.reduce(
    (sum, c) =>
      sum + (c.inputs ?? (c.status === 'passed' || c.status === 'failed' || c.status === 'observed' ? 1 : 0)),
    0,
  );
}

/** The requests the deep exploration sent, over every check. */
export function explorationRequests(checks: readonly RuleCheck[]): number {
  return checks.reduce((sum, { check }) => sum + (check.exploration?.requests ?? 0), 0);
}

function ruleResult(rule: Rule, checks: readonly CheckResult[]): RuleResult {
  const status = ruleStatus(rule.level, checks);
  const reason = status === 'skipped' ? checks.find((c) => c.status === 'skipped')?.reason : undefined;
  const observations =
    status === 'observed' ? Object.assign({}, ...checks.map((c) => c.observations ?? {})) : undefined;
  return {
    id: rule.id,
    level: rule.level,
    area: rule.area,
    section: rule.section,
    title: rule.title,
    status,
    ...(reason !== undefined ? { reason } : {}),
    ...(observations !== undefined ? { observations } : {}),
    inputs: ruleInputs(checks),
    checks,
  };
}

/** Rule counts by status. */
export function count(rules: readonly { readonly status: RuleStatus }[]): StatusCounts {
  const counts = Object.fromEntries(RULE_STATUSES.map((s) => [s, 0])) as StatusCounts;
  for (const rule of rules) counts[rule.status] += 1;
  return counts;
}

/** Exit code 1 when a MUST rule failed, or in strict mode a SHOULD rule; 0 otherwise. */
export function verdict(rules: readonly RuleResult[], strict: boolean): Verdict {
  const failed = (level: Rule['level']) =>
    rules.filter((r) => r.level === level && r.status === 'failed').map((r) => r.id);
  const failedMust = failed('MUST');
  const failedShould = failed('SHOULD');
  const exitCode = failedMust.length > 0 || (strict && failedShould.length > 0) ? 1 : 0;
  return { exitCode, strict, failedMust, failedShould };
}

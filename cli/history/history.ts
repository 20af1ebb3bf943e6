import { existsSync } from 'node:fs';
import { type Environment, loadIntegerSetting, readJsonFile } from '../../helpers/config/config.ts';
import type { RuleId } from '../../rules/catalogue.ts';
import type { ConformanceReport, RuleResult, RuleStatus } from '../report/model.ts';

/**
 * One run as `history.json` keeps it: no evidence, so that a history of many runs stays small. Label, seed and
 * depth are null for reports written before metadata existed; `stopped`: the run was stopped before its end
 * (its rules not evaluated say nothing).
 */
export type HistoryRecord = ReturnType<typeof historyRecord>;

export function historyRecord(report: ConformanceReport) {
  const { startedAt, suiteVersion, target, summary, metadata } = report;
  return {
    startedAt,
    suiteVersion,
    target,
    label: typeof metadata?.label === 'string' ? metadata.label : null,
    seed: typeof metadata?.seed === 'number' ? metadata.seed : null,
    depth: typeof metadata?.depth === 'string' ? metadata.depth : null,
    exitCode: report.errors.length > 0 ? 2 : report.verdict.exitCode,
    summary,
    statuses: Object.fromEntries(report.rules.map((r) => [r.id, r.status])) as Record<string, RuleStatus>,
    ...(report.stopped ? { stopped: true as const } : {}),
  };
}

/**
 * How many times a rule's status changed between consecutive runs that evaluated it (`untested` and `skipped`
 * runs left out: `passed, untested, passed` is no flip).
 */
export function countFlips(statuses: readonly RuleStatus[]): number {
  const evaluated = statuses.filter((s) => s !== 'untested' && s !== 'skipped');
  return evaluated.filter((s, i) => i > 0 && s !== evaluated[i - 1]).length;
}

/** A rule is flaky when its status flipped at least twice in the window. */
export const isFlaky = (flips: number): boolean => flips >= 2;

/**
 * Appends the report's run to the history (replacing a record of the same start: a merge written again) and
 * keeps the last `size` runs; every rule gets its history, and the report a summary of the window. Returns the
 * report and the records to write back to `history.json`.
 */
export function applyHistory(report: ConformanceReport, previous: readonly HistoryRecord[], size: number) {
  const kept = previous.filter((r) => r.startedAt !== report.startedAt);
  const records = [...kept, historyRecord(report)].slice(-size);
  const rules = report.rules.map((rule): RuleResult => {
    const statuses: RuleStatus[] = records.map((r) => r.statuses[rule.id] ?? 'untested');
    // A rule a stopped run could not evaluate did not change: the run ended before it.
    const flips = countFlips(statuses.map((s, i) => (s === 'error' && records[i]?.stopped ? 'untested' : s)));
    const { checks, history: _h, ...plain } = rule;
    return { ...plain, history: { statuses, flips, flaky: isFlaky(flips) }, checks };
  });
  const runs = records.map((r) => ({ startedAt: r.startedAt }));
  const flaky = rules.filter((r) => r.history?.flaky).map((r) => r.id as RuleId);
  return { report: { ...report, history: { size, runs, flaky }, rules }, records };
}

export const HISTORY_FILE = 'history.json';

/** `history.json`: the last runs of a report directory, oldest first. */
export interface HistoryFile {
  readonly format: 1;
  readonly size: number;
  readonly records: readonly HistoryRecord[];
}

/** Reads `history.json`; an unusable one is a problem (the history starts again), never thrown. */
export function readHistory(file: string): { records: readonly HistoryRecord[]; problem?: string } {
  if (!existsSync(file)) return { records: [] };
  const read = readJsonFile(file);
  const history = 'value' in read ? (read.value as Partial<HistoryFile> | null) : undefined;
  const isRecord = (record: Partial<HistoryRecord> | null) =>
    typeof record?.startedAt === 'string' && !!record.statuses && typeof record.statuses === 'object';
  const problem =
    'problem' in read
      ? read.problem
      : history?.format !== 1 || !Array.isArray(history.records) || !history.records.every(isRecord)
        ? 'not a history of format 1'
        : undefined;
  if (problem) return { records: [], problem: `${file}: ${problem}; the history starts again with this run` };
  return { records: history?.records ?? [] };
}

export function renderHistory(records: readonly HistoryRecord[], size: number): string {
  return `${JSON.stringify({ format: 1, size, records } satisfies HistoryFile, null, 1)}\n`;
}

/** `CONFORMANCE_HISTORY_SIZE`: how many runs `history.json` keeps; throws a ConfigError. */
export function loadHistorySize(env: Environment, envFile = '.env'): number {
  return loadIntegerSetting('CONFORMANCE_HISTORY_SIZE', 1, 1000, env, envFile);
}

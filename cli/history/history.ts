import { existsSync } from 'node:fs';
import { type Environment, loadIntegerSetting, readJsonFile } from '../../helpers/config/config.ts';
import type { RuleId } from '../../rules/catalogue.ts';
import type { ConformanceReport, RuleResult, RuleStatus } from '../report/model.ts';

/** One run as `history.json` keeps it: no evidence, so that a history of many runs stays small. */
export interface HistoryRecord
  extends Pick<ConformanceReport, 'startedAt' | 'suiteVersion' | 'target' | 'summary'> {
  /** Null for reports written before metadata existed. */
  readonly label: string | null;
  readonly seed: string | number | null;
  readonly depth: string | null;
  readonly exitCode: number;
  readonly statuses: Readonly<Record<string, RuleStatus>>;
  /** The run was stopped before its end: its rules not evaluated say nothing. */
  readonly stopped?: true;
}

export function historyRecord(report: ConformanceReport): HistoryRecord {
  const extra: Partial<ConformanceReport['metadata']> = report.metadata ?? {};
  return {
    startedAt: report.startedAt,
    suiteVersion: report.suiteVersion,
    target: report.target,
    label: typeof extra.label === 'string' ? extra.label : null,
    seed: typeof extra.seed === 'number' ? extra.seed : null,
    depth: typeof extra.depth === 'string' ? extra.depth : null,
    exitCode: report.errors.length > 0 ? 2 : report.verdict.exitCode,
    summary: report.summary,
    statuses: Object.fromEntries(report.rules.map((r) => [r.id, r.status])),
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
export function isFlaky(flips: number): boolean {
  return flips >= 2;
}

/**
 * Appends the report's run to the history (replacing a record of the same start: a merge written again) and
 * keeps the last `size` runs; every rule gets its history, and the report a summary of the window. Returns the
 * report and the records to write back to `history.json`.
 */
export function applyHistory(
  report: ConformanceReport,
  previous: readonly HistoryRecord[],
  size: number,
): { readonly report: ConformanceReport; readonly records: readonly HistoryRecord[] } {
  const kept = previous.filter((r) => r.startedAt !== report.startedAt);
  const records = [...kept, historyRecord(report)].slice(-size);
  const rules = report.rules.map((rule) => withRuleHistory(rule, records));
  return {
    report: {
      ...report,
      history: {
        size,
        runs: records.map((r) => ({ startedAt: r.startedAt })),
        flaky: rules.filter((r) => r.history?.flaky).map((r) => r.id as RuleId),
      },
      rules,
    },
    records,
  };
}

function withRuleHistory(rule: RuleResult, records: readonly HistoryRecord[]): RuleResult {
  const statuses: RuleStatus[] = records.map((r) => r.statuses[rule.id] ?? 'untested');
  // A rule a stopped run could not evaluate did not change: the run ended before it.
  const flips = countFlips(
    statuses.map((status, i) => (status === 'error' && records[i]?.stopped ? 'untested' : status)),
  );
  const { checks, history: _h, ...plain } = rule;
  return { ...plain, history: { statuses, flips, flaky: isFlaky(flips) }, checks };
}

const HISTORY_FORMAT = 1;

export const HISTORY_FILE = 'history.json';

/** `history.json`: the last runs of a report directory, oldest first. */
export interface HistoryFile {
  readonly format: typeof HISTORY_FORMAT;
  readonly size: number;
  readonly records: readonly HistoryRecord[];
}

/** Reads `history.json`; an unusable one is a problem (the history starts again), never thrown. */
export function readHistory(file: string): { records: readonly HistoryRecord[]; problem?: string } {
  if (!existsSync(file)) return { records: [] };
  const read = readJsonFile(file);
  if ('problem' in read) return { records: [], problem: unusable(file, read.problem) };
  const history = read.value as Partial<HistoryFile> | null;
  const isRecord = (record: Partial<HistoryRecord> | null) =>
    typeof record?.startedAt === 'string' && !!record.statuses && typeof record.statuses === 'object';
  if (
    history?.format !== HISTORY_FORMAT ||
    !Array.isArray(history.records) ||
    !history.records.every(isRecord)
  ) {
    return { records: [], problem: unusable(file, `not a history of format ${HISTORY_FORMAT}`) };
  }
  return { records: history.records };
}

export function renderHistory(records: readonly HistoryRecord[], size: number): string {
  const file: HistoryFile = { format: HISTORY_FORMAT, size, records };
  return `${JSON.stringify(file, null, 1)}\n`;
}

function unusable(file: string, why: string): string {
  return `${file}: ${why}; the history starts again with this run`;
}

/** `CONFORMANCE_HISTORY_SIZE`: how many runs `history.json` keeps; throws a ConfigError. */
export function loadHistorySize(env: Environment, envFile = '.env'): number {
  return loadIntegerSetting('CONFORMANCE_HISTORY_SIZE', 1, 1000, env, envFile);
}

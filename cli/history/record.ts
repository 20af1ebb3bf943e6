import type { ConformanceReport, RuleStatus, StatusCounts } from '../report/model.ts';

/**
 * One run as `history.json` keeps it: when, which suite, what was tested and how (seed and depth profile
 * when the run had them, else null), the counts and every rule's status. No evidence: a history of 30 runs
 * stays small.
 */
export interface HistoryRecord {
  readonly startedAt: string;
  readonly suiteVersion: string;
  readonly target: string;
  /** The report's label (`--label`), or null. */
  readonly label: string | null;
  /** The run's seed, or null when the run had none. */
  readonly seed: string | number | null;
  /** The run's depth profile, or null when the run had none. */
  readonly depth: string | null;
  /** 0 or 1 from the verdict, 2 when the run had engine errors. */
  readonly exitCode: number;
  readonly summary: StatusCounts;
  /** Every rule of the report with its status, in catalogue order. */
  readonly statuses: Readonly<Record<string, RuleStatus>>;
  /** The run was stopped before its end (deadline, breaker, signal): its rules not evaluated say nothing. */
  readonly stopped?: true;
}

export function historyRecord(report: ConformanceReport): HistoryRecord {
  // Reports written before metadata existed have none: label, seed and depth are then null.
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

import type { ConformanceReport, RuleStatus, StatusCounts } from '../report/model.ts';

/** One run as `history.json` keeps it: no evidence, so that a history of many runs stays small. */
export interface HistoryRecord {
  readonly startedAt: string;
  readonly suiteVersion: string;
  readonly target: string;
  /** Null for reports written before metadata existed. */
  readonly label: string | null;
  readonly seed: string | number | null;
  readonly depth: string | null;
  readonly exitCode: number;
  readonly summary: StatusCounts;
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

import type { RuleId } from '../../rules/catalogue.ts';
import type { ConformanceReport, RuleResult, RuleStatus } from '../report/model.ts';
import { countFlips, isFlaky } from './flaky.ts';
import { type HistoryRecord, historyRecord } from './record.ts';

/** The report with its history, and the records to write back to `history.json`. */
export interface WithHistory {
  readonly report: ConformanceReport;
  readonly records: readonly HistoryRecord[];
}

/**
 * Appends the report's run to the history (replacing a record of the same start: a merge written again) and
 * keeps the last `size` runs; every rule gets its history, and the report a summary of the window.
 */
export function applyHistory(
  report: ConformanceReport,
  previous: readonly HistoryRecord[],
  size: number,
): WithHistory {
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

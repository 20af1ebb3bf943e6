import type { ConformanceReport, RuleResult, Trend } from './model.ts';

/**
 * Records per rule the {@link Trend} since the previous report of the directory, the previous status, and for a
 * failing rule the start of its failing streak (this run without a previous report).
 */
export function applyTrend(report: ConformanceReport, previous: ConformanceReport | undefined) {
  const earlier = new Map(previous?.rules.map((r) => [r.id, r]));
  const rules = report.rules.map((rule): RuleResult => {
    const { trend: _t, previousStatus: _p, failingSince: _f, checks, ...plain } = rule;
    const before = earlier.get(rule.id);
    const failing = rule.status === 'failed';
    const wasFailing = before?.status === 'failed';
    let trend: Trend | undefined;
    if (!previous) trend = undefined;
    else if (!before) trend = failing ? 'newly-failing' : 'new';
    else if (failing) trend = wasFailing ? 'still-failing' : 'newly-failing';
    else if (rule.status === 'passed')
      trend = wasFailing ? 'newly-passing' : before.status === 'passed' ? 'still-passing' : 'changed';
    else trend = rule.status === before.status ? 'unchanged' : 'changed';
    const since = wasFailing ? (before?.failingSince ?? previous?.startedAt) : report.startedAt;
    // The checks stay last, as in every rule of the report.
    return {
      ...plain,
      trend,
      previousStatus: before?.status,
      failingSince: failing ? since : undefined,
      checks,
    };
  });
  if (!previous) return { ...report, rules };
  const ids = (trend: Trend) => rules.filter((r) => r.trend === trend).map((r) => r.id);
  const changes = {
    newlyFailing: ids('newly-failing'),
    newlyPassing: ids('newly-passing'),
    stillFailing: ids('still-failing'),
  };
  return { ...report, previous: { startedAt: previous.startedAt }, changes, rules };
}

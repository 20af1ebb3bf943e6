import type { ConformanceReport, RuleResult, Trend } from './model.ts';

/**
 * Records per rule the {@link Trend} since the previous report of the directory, the previous status, and for a
 * failing rule the start of its failing streak (this run without a previous report).
 */
export function applyTrend(
  report: ConformanceReport,
  previous: ConformanceReport | undefined,
): ConformanceReport {
  if (!previous) {
    return {
      ...report,
      rules: report.rules.map((r) => {
        if (r.status !== 'failed') return r;
        const { checks, ...plain } = r;
        return { ...plain, failingSince: report.startedAt, checks };
      }),
    };
  }
  const before = new Map(previous.rules.map((r) => [r.id, r]));
  const rules = report.rules.map((rule) => withTrend(rule, before.get(rule.id), report.startedAt, previous));
  const ids = (trend: Trend) => rules.filter((r) => r.trend === trend).map((r) => r.id);
  return {
    ...report,
    previous: { startedAt: previous.startedAt },
    changes: {
      newlyFailing: ids('newly-failing'),
      newlyPassing: ids('newly-passing'),
      stillFailing: ids('still-failing'),
    },
    rules,
  };
}

function withTrend(
  rule: RuleResult,
  before: RuleResult | undefined,
  startedAt: string,
  previous: ConformanceReport,
): RuleResult {
  const { trend: _t, previousStatus: _p, failingSince: _f, checks, ...plain } = rule;
  const failing = rule.status === 'failed';
  if (!before) {
    return {
      ...plain,
      trend: failing ? 'newly-failing' : 'new',
      ...(failing ? { failingSince: startedAt } : {}),
      checks,
    };
  }
  const wasFailing = before.status === 'failed';
  let trend: Trend;
  if (failing) trend = wasFailing ? 'still-failing' : 'newly-failing';
  else if (rule.status === 'passed')
    trend = wasFailing ? 'newly-passing' : before.status === 'passed' ? 'still-passing' : 'changed';
  else trend = rule.status === before.status ? 'unchanged' : 'changed';
  const failingSince = failing
    ? wasFailing
      ? (before.failingSince ?? previous.startedAt)
      : startedAt
    : undefined;
  return {
    ...plain,
    trend,
    previousStatus: before.status,
    ...(failingSince ? { failingSince } : {}),
    checks,
  };
}

import type { RuleId } from '../../rules/catalogue.ts';
import type { ConformanceReport, ExclusionCause, RuleResult } from '../report/model.ts';
import { selectedRuleIds } from '../selection.ts';

/** How read-only mode words the reason of every check it skips. */
export const READ_ONLY_REASON = /^read-only mode\b/;
const isReadOnlySkip = (check: { readonly reason?: string }) => READ_ONLY_REASON.test(check.reason ?? '');

/** What the report says about the run's configuration. */
type RunScope = Pick<ConformanceReport, 'readOnly'> &
  Partial<Pick<ConformanceReport, 'filter' | 'shards' | 'traffic'>>;

/**
 * The rules the configuration left out of a run, and why: not in the filter; untested in shards that do not
 * cover every share, or in traffic; skipped by every check in read-only mode. They cannot make a run incomplete.
 */
export function exclusions(rules: readonly RuleResult[], scope: RunScope): Map<RuleId, ExclusionCause> {
  const out = new Map<RuleId, ExclusionCause>();
  const selected = scope.filter
    ? new Set(selectedRuleIds({ rules: scope.filter.rules, areas: scope.filter.areas as never[] }))
    : undefined;
  const partial = scope.shards !== undefined && scope.shards.length > 0 && !coversEveryShare(scope.shards);
  for (const rule of rules) {
    if (selected && !selected.has(rule.id)) out.set(rule.id, 'filter');
    else if (partial && rule.status === 'untested') out.set(rule.id, 'shard');
    else if (scope.traffic && rule.status === 'untested') out.set(rule.id, 'recording');
    // Skipped: every check of the rule was (`ruleStatus`), each for read-only mode.
    else if (scope.readOnly && rule.status === 'skipped' && rule.checks.every(isReadOnlySkip))
      out.set(rule.id, 'read-only');
  }
  return out;
}

/** Whether shards `i/n` cover every share of some `n`. */
export function coversEveryShare(shards: readonly string[]): boolean {
  const byCount = new Map<number, Set<number>>();
  for (const shard of shards) {
    const [index, count] = shard.split('/').map(Number);
    if (index && count) byCount.set(count, (byCount.get(count) ?? new Set()).add(index));
  }
  return [...byCount].some(([count, indexes]) => indexes.size === count);
}

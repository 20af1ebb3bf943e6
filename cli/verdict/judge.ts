import type { RuleId } from '../../rules/catalogue.ts';
import {
  type Baseline,
  type BaselineEntry,
  type BaselineMark,
  type BaselineSummary,
  isExpired,
  isUnsupported,
} from '../baseline/read.ts';
import type { ExclusionCause, RuleBaseline, RuleResult, Verdict } from '../report/model.ts';
import { EXCLUSION_TEXT } from './text.ts';

export interface JudgeOptions {
  readonly strict: boolean;
  readonly strictBaseline?: boolean;
  readonly baseline?: Baseline;
  /** The day of the run (`YYYY-MM-DD`, UTC), for the entries' `until`. */
  readonly today: string;
  readonly excluded: ReadonlyMap<RuleId, ExclusionCause>;
  readonly stopped?: boolean;
}

/**
 * The verdict of a run, and each rule as the baseline sees it. Exit 1: a failure the baseline does not list
 * (with `--strict`, of a SHOULD rule too; with `--strict-baseline`, a stale entry); else exit 2 when a MUST rule
 * neither excluded nor in the baseline was not evaluated, or the run was stopped; else 0.
 */
export function judge(rules: readonly RuleResult[], options: JudgeOptions) {
  const entries = new Map<RuleId, BaselineEntry>((options.baseline?.entries ?? []).map((e) => [e.rule, e]));
  const marked = rules.map((rule) => {
    const entry = entries.get(rule.id);
    if (!entry || options.excluded.has(rule.id)) return rule;
    const { checks, ...plain } = rule;
    return { ...plain, baseline: markOf(rule, entry, options.today), checks };
  });
  const ids = (keep: (rule: RuleResult) => boolean) => marked.filter(keep).map((r) => r.id);
  const isNew = (r: RuleResult) => r.status === 'failed' && r.baseline?.mark !== 'known';
  const failedMust = ids((r) => r.level === 'MUST' && isNew(r));
  const failedShould = ids((r) => r.level === 'SHOULD' && isNew(r));
  const withMark = (mark: BaselineMark) => ids((r) => r.baseline?.mark === mark);
  const incomplete = ids(
    (r) =>
      r.level === 'MUST' &&
      ['skipped', 'error', 'untested'].includes(r.status) &&
      !options.excluded.has(r.id) &&
      !['unsupported', 'known'].includes(r.baseline?.mark as string),
  );
  const excluded = (Object.keys(EXCLUSION_TEXT) as ExclusionCause[])
    .map((by) => ({ by, rules: ids((r) => r.level === 'MUST' && options.excluded.get(r.id) === by) }))
    .filter((group) => group.rules.length > 0);
  const baseline: BaselineSummary | undefined = options.baseline && {
    file: options.baseline.file,
    entries: options.baseline.entries.length,
    known: withMark('known'),
    new: ids(isNew),
    stale: withMark('stale'),
    unsupported: withMark('unsupported'),
    expired: withMark('expired'),
  };
  const strictBaseline = options.strictBaseline ?? false;
  const failed =
    failedMust.length > 0 ||
    (options.strict && failedShould.length > 0) ||
    (strictBaseline && (baseline?.stale.length ?? 0) > 0);
  const exitCode = options.stopped ? 2 : failed ? 1 : incomplete.length > 0 ? 2 : 0;
  const verdict: Verdict = {
    exitCode,
    outcome: exitCode === 1 ? 'failed' : exitCode === 2 ? 'incomplete' : 'passed',
    strict: options.strict,
    strictBaseline,
    failedMust,
    failedShould,
    incomplete,
    excluded,
    ...(baseline ? { baseline } : {}),
  };
  return { rules: marked, verdict };
}

/** What an entry makes of a rule the run selected. */
function markOf(rule: RuleResult, entry: BaselineEntry, today: string): RuleBaseline {
  const note = isUnsupported(entry) ? entry.unsupported : entry.reason;
  const until = 'until' in entry && entry.until ? { until: entry.until } : {};
  if (isExpired(entry, today)) return { mark: 'expired', note, ...until };
  if (rule.status === 'passed' || rule.status === 'observed') return { mark: 'stale', note, ...until };
  return { mark: isUnsupported(entry) ? 'unsupported' : 'known', note, ...until };
}

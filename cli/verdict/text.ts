import type { ConformanceReport, ExclusionCause, Verdict } from '../report/model.ts';

/** Every cause, in the order reports list them, in words. */
export const EXCLUSION_TEXT: Record<ExclusionCause, string> = {
  filter: 'not in the selection (--rule, --area, --rerun-failed)',
  shard: 'in another shard (--shard)',
  'read-only': 'need write requests or ids that read-only mode was not given (--read-only)',
  recording: 'not in the recording (the traffic holds nothing they judge)',
};

/** A list of rule IDs, shortened past `max`. */
function idList(ids: readonly string[], max = 12): string {
  return ids.length <= max ? ids.join(', ') : `${ids.slice(0, max).join(', ')} and ${ids.length - max} more`;
}

/** The verdict as the command line's last lines: the exit code and why, the baseline, the exclusions. */
export function verdictLines(report: ConformanceReport): string[] {
  const v = report.verdict;
  const notEvaluated = report.summary.error > 0 ? ` ${report.summary.error} rule(s) not evaluated.` : '';
  if (report.errors.length > 0 && !report.stopped)
    return [`Exit code 2: engine errors, the run is incomplete.${notEvaluated}`];
  const must = v.failedMust.length > 0 ? ` MUST failed: ${v.failedMust.join(', ')}.` : '';
  // A stopped run: exit code 2 and why, with the failures it found before the stop.
  const should = v.failedShould.length > 0 ? ` SHOULD failed: ${v.failedShould.join(', ')}.` : '';
  const first = report.stopped
    ? `Exit code 2: the run was stopped (${report.stopped.reason}); the report holds what it judged before.${must}${should}`
    : headline(v, must);
  return [first, ...baselineLines(v), ...excludedLines(v)];
}

function headline(v: Verdict, must: string): string {
  const should =
    v.failedShould.length > 0
      ? ` SHOULD failed: ${v.failedShould.join(', ')}${v.strict ? '' : ' (not fatal without --strict)'}.`
      : '';
  const incomplete =
    v.incomplete.length > 0
      ? ` MUST rule(s) not evaluated (skipped, no answer, or no check ran): ${idList(v.incomplete, 30)}.`
      : '';
  if (v.exitCode === 1) {
    const why = must || should ? 'the target breaks the specification' : 'the baseline is stale';
    return `Exit code 1: ${why}.${must}${should}${v.strictBaseline && v.baseline?.stale.length ? ` Stale baseline entries (--strict-baseline): ${v.baseline.stale.join(', ')}.` : ''}${incomplete}`;
  }
  if (v.exitCode === 2)
    return `Exit code 2: the run is incomplete.${incomplete} Fix the set-up, or mark a capability the target does not offer in the baseline ({ "rule", "unsupported" }).${should}`;
  const known = v.baseline && v.baseline.known.length > 0 ? ' outside the baseline' : '';
  const traffic = v.excluded.some((group) => group.by === 'recording');
  return `Exit code 0: no MUST rule failed${known}${v.strict ? ' and no SHOULD rule' : ''}. Every MUST rule ${traffic ? 'the traffic holds something for' : 'of the selection'} was evaluated.${should}`;
}

function baselineLines(v: Verdict): string[] {
  const b = v.baseline;
  if (!b) return [];
  const parts = [
    `${b.known.length} known failure(s)${b.known.length > 0 ? ` (${idList(b.known)})` : ''}`,
    `${b.new.length} new${b.new.length > 0 ? ` (${idList(b.new)})` : ''}`,
    `${b.stale.length} stale${b.stale.length > 0 ? ` (${idList(b.stale)}: now passing, remove the entries${v.strictBaseline ? '' : '; fatal with --strict-baseline'})` : ''}`,
  ];
  if (b.unsupported.length > 0) parts.push(`${b.unsupported.length} unsupported (${idList(b.unsupported)})`);
  if (b.expired.length > 0)
    parts.push(`${b.expired.length} expired, no longer counted (${idList(b.expired)})`);
  return [`Baseline ${b.file}: ${parts.join(', ')}.`];
}

function excludedLines(v: Verdict): string[] {
  return v.excluded.map(
    (group) =>
      `${group.by === 'recording' ? 'Not judged' : 'Excluded by configuration'}: ${group.rules.length} MUST rule(s) ${EXCLUSION_TEXT[group.by]}${group.by === 'filter' ? '' : `: ${idList(group.rules)}`}.`,
  );
}

import type { RuleId } from '../../rules/catalogue.ts';
import type { ConformanceReport, RuleResult } from '../report/model.ts';
import type { Baseline, BaselineEntry } from './model.ts';

/** What `baseline write` did: the file's content, and the entries kept, added and dropped (now passing). */
interface BaselineChanges {
  readonly document: { readonly description: string; readonly entries: readonly BaselineEntry[] };
  readonly kept: readonly RuleId[];
  readonly added: readonly RuleId[];
  readonly dropped: readonly RuleId[];
}

/**
 * A baseline made from a report, to edit: an entry for every failed rule and an `unsupported` one for every
 * MUST rule that left the run incomplete; an existing entry for such a rule is kept as it is.
 */
export function baselineFromReport(report: ConformanceReport, existing?: Baseline): BaselineChanges {
  const before = new Map((existing?.entries ?? []).map((e) => [e.rule, e]));
  const incomplete = new Set<RuleId>(report.verdict.incomplete ?? []);
  const chosen = report.rules.filter((r) => r.status === 'failed' || incomplete.has(r.id));
  const kept: RuleId[] = [];
  const added: RuleId[] = [];
  const entries = chosen.map((rule): BaselineEntry => {
    const old = before.get(rule.id);
    if (old) {
      kept.push(rule.id);
      return old;
    }
    added.push(rule.id);
    return rule.status === 'failed'
      ? { rule: rule.id, reason: firstFailure(rule) }
      : { rule: rule.id, unsupported: `not evaluated: ${notEvaluatedReason(rule)}` };
  });
  const dropped = [...before.keys()].filter((id) => !kept.includes(id));
  const label = report.metadata?.label ?? report.target;
  return {
    document: {
      description:
        existing?.description ??
        `Expected failures of ${label}, written from the run of ${report.startedAt}. Give each entry a real reason (a ticket) and, for a failure to be fixed, an "until" date.`,
      entries,
    },
    kept,
    added,
    dropped,
  };
}

/** The first failure's message, without the `ID LEVEL §x:` prefix, cut to one readable line. */
function firstFailure(rule: RuleResult): string {
  const message = rule.checks.find((c) => c.status === 'failed')?.message ?? 'failed';
  const line = (message.split('\n')[0] ?? '').replace(/^\S+ (MUST|SHOULD|INFO) §\S+: /, '');
  return line.length > 200 ? `${line.slice(0, 200)}…` : line;
}

function notEvaluatedReason(rule: RuleResult): string {
  if (rule.reason) return rule.reason;
  const error = rule.checks.find((c) => c.status === 'error')?.message;
  return error ? (error.split('\n')[0] ?? error).replace(/^not evaluated: /, '') : 'no check of the rule ran';
}

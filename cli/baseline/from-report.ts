import type { RuleId } from '../../rules/catalogue.ts';
import type { ConformanceReport, RuleResult } from '../report/model.ts';
import type { Baseline, BaselineEntry } from './model.ts';

/** A baseline file's content, as `baseline write` writes it. */
export interface BaselineDocument {
  readonly description: string;
  readonly entries: readonly BaselineEntry[];
}

/** What `baseline write` did, for its summary line. */
export interface BaselineChanges {
  readonly document: BaselineDocument;
  /** Entries of the existing file kept as they were (their rule still fails or is still not evaluated). */
  readonly kept: readonly RuleId[];
  readonly added: readonly RuleId[];
  /** Entries of the existing file dropped: their rule no longer fails. */
  readonly dropped: readonly RuleId[];
}

/**
 * A baseline made from a report, to edit: a known-failure entry (`reason`: the first failure's message) for
 * every failed rule, and an `unsupported` entry (the skip reason) for every MUST rule that left the run
 * incomplete. Entries of an existing baseline for those rules are kept as they are (an edited reason, an
 * `until`); the other entries are dropped.
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
  const keptIds = new Set(kept);
  const dropped = [...before.keys()].filter((id) => !keptIds.has(id));
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

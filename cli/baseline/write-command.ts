import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Environment } from '../../helpers/config/config.ts';
import { ConfigError } from '../../helpers/config/errors.ts';
import type { RuleId } from '../../rules/catalogue.ts';
import type { Output } from '../args.ts';
import { type ConformanceReport, failureLine, notEvaluatedLine } from '../report/model.ts';
import { REPORT_FILES, ReportFileError, readReport } from '../report/write.ts';
import { type Baseline, type BaselineEntry, readBaseline } from './read.ts';

/**
 * `baseline write --report-dir <dir> --baseline <file>`: writes the failures of the report as a baseline to
 * edit, keeping the entries of an existing file whose rules still fail.
 */
export function runBaselineWrite(env: Environment, { out, err }: Output): 0 | 2 {
  const target = env.CONFORMANCE_BASELINE?.trim();
  if (!target) {
    err('baseline write: give the file to write with --baseline <file> (CONFORMANCE_BASELINE)');
    return 2;
  }
  const reportFile = join(resolve(env.CONFORMANCE_REPORT_DIR?.trim() || 'reports'), REPORT_FILES.json);
  try {
    const report = readReport(reportFile);
    const existing = existsSync(target) ? readBaseline(target) : undefined;
    const changes = baselineFromReport(report, existing);
    mkdirSync(dirname(resolve(target)), { recursive: true });
    writeFileSync(target, `${JSON.stringify(changes.document, null, 2)}\n`);
    const { entries } = changes.document;
    const parts = [
      `${changes.added.length} new`,
      ...(existing ? [`${changes.kept.length} kept`, `${changes.dropped.length} dropped (now passing)`] : []),
    ];
    out(
      `Wrote ${target}: ${entries.length} entr${entries.length === 1 ? 'y' : 'ies'} (${parts.join(', ')}).`,
    );
    if (entries.length > 0)
      out('Edit each reason (a ticket, a decision) and add an "until" date to failures you mean to fix.');
    return 0;
  } catch (error) {
    if (!(error instanceof ReportFileError || error instanceof ConfigError)) throw error;
    err(`baseline write: ${error.message}`);
    return 2;
  }
}

/**
 * A baseline made from a report, to edit: an entry for every failed rule and an `unsupported` one for every
 * MUST rule that left the run incomplete; an existing entry for such a rule is kept as it is. Returns the
 * file's content, and the entries kept, added and dropped (now passing).
 */
export function baselineFromReport(report: ConformanceReport, existing?: Baseline) {
  const before = new Map((existing?.entries ?? []).map((e) => [e.rule, e]));
  const incomplete = new Set<RuleId>(report.verdict.incomplete ?? []);
  const chosen = report.rules.filter((r) => r.status === 'failed' || incomplete.has(r.id));
  const entries = chosen.map(
    (rule): BaselineEntry =>
      before.get(rule.id) ??
      (rule.status === 'failed'
        ? { rule: rule.id, reason: failureLine(rule, 'failed') }
        : {
            rule: rule.id,
            unsupported: `not evaluated: ${rule.reason || notEvaluatedLine(rule, 'no check of the rule ran').replace(/^not evaluated: /, '')}`,
          }),
  );
  const kept = chosen.filter((r) => before.has(r.id)).map((r) => r.id);
  const added = chosen.filter((r) => !before.has(r.id)).map((r) => r.id);
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

import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { RuleId } from '../rules/catalogue.ts';
import type { ConformanceReport } from './report/model.ts';
import { readReport } from './report/read.ts';
import { REPORT_FILES } from './report/write.ts';

/**
 * `--rerun-failed <report>`: the rules of a previous report (file or directory) that failed, were not evaluated,
 * or left the run incomplete. Throws a ReportFileError for a file that is not a report.
 */
export function rerunSelection(path: string): { file: string; rules: RuleId[] } {
  const file = existsSync(path) && statSync(path).isDirectory() ? join(path, REPORT_FILES.json) : path;
  return { file, rules: rulesToRerun(readReport(file)) };
}

export function rulesToRerun(report: ConformanceReport): RuleId[] {
  const incomplete = new Set<string>(report.verdict.incomplete ?? []);
  return report.rules
    .filter(
      (r) => r.level !== 'INFO' && (r.status === 'failed' || r.status === 'error' || incomplete.has(r.id)),
    )
    .map((r) => r.id);
}

import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport } from './model.ts';
import { ReportFileError, readReport } from './read.ts';
import { REPORT_FILES } from './write.ts';

/** A report read from the command line, with its file and the name it goes by. */
export interface NamedReport {
  readonly report: ConformanceReport;
  readonly file: string;
  readonly name: string;
}

/** Reads the report at `path`: a report directory or a `conformance.json` file. */
export function readReportAt(path: string): NamedReport {
  if (!existsSync(path)) throw new ReportFileError(`${path}: no such file or directory`);
  const file = statSync(path).isDirectory() ? join(path, REPORT_FILES.json) : path;
  const report = readReport(file);
  return { report, file, name: reportName(report) };
}

/** Its label, else its target (reports written before metadata existed have no label). */
function reportName(report: ConformanceReport): string {
  const label: unknown = (report.metadata as Partial<ConformanceReport['metadata']> | undefined)?.label;
  if (typeof label === 'string' && label.trim() !== '') return label.trim();
  return report.embedded ? `${report.target} (embedded reference)` : report.target;
}

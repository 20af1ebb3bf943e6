import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { ConformanceReport } from './model.ts';
import { ReportFileError, readReport } from './read.ts';
import { REPORT_FILES } from './write.ts';

/** A report read from the command line, with the file it came from and the name it goes by ({@link reportName}). */
export interface NamedReport {
  readonly report: ConformanceReport;
  readonly file: string;
  readonly name: string;
}

/**
 * Reads the report at `path`: a report directory (its `conformance.json`) or a `conformance.json` file.
 * Throws {@link ReportFileError} naming the path when it is missing or not a report.
 */
export function readReportAt(path: string): NamedReport {
  if (!existsSync(path)) throw new ReportFileError(`${path}: no such file or directory`);
  const file = statSync(path).isDirectory() ? join(path, REPORT_FILES.json) : path;
  const report = readReport(file);
  return { report, file, name: reportName(report) };
}

/** The name a report goes by in a diff or a matrix: its label when it has one, else its target. */
export function reportName(report: ConformanceReport): string {
  // Reports written before metadata existed have none: they are named by their target.
  const label: unknown = (report.metadata as Partial<ConformanceReport['metadata']> | undefined)?.label;
  if (typeof label === 'string' && label.trim() !== '') return label.trim();
  return report.embedded ? `${report.target} (embedded reference)` : report.target;
}

import { existsSync, readFileSync } from 'node:fs';
import { type ConformanceReport, REPORT_FORMAT } from './model.ts';

export class ReportFileError extends Error {
  override readonly name = 'ReportFileError';
}

/** Reads and checks a `conformance.json`. Throws {@link ReportFileError} naming the file and the problem. */
export function readReport(file: string): ConformanceReport {
  if (!existsSync(file)) throw new ReportFileError(`${file}: no such file`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (error) {
    throw new ReportFileError(`${file}: not JSON (${(error as Error).message})`);
  }
  const report = parsed as Partial<ConformanceReport> | null;
  const valid = report?.format === REPORT_FORMAT && Array.isArray(report.rules);
  if (!valid || typeof report.startedAt !== 'string') {
    throw new ReportFileError(`${file}: not a conformance report of format ${REPORT_FORMAT}`);
  }
  return report as ConformanceReport;
}

import { existsSync, readFileSync } from 'node:fs';
import { type ConformanceReport, REPORT_FORMAT } from './model.ts';

/** A `conformance.json` that cannot be used: missing, not JSON, or not a report of this format. */
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
    throw new ReportFileError(
      `${file}: not JSON (${error instanceof Error ? error.message : String(error)})`,
    );
  }
  const report = parsed as Partial<ConformanceReport> | null;
  if (
    !report ||
    typeof report !== 'object' ||
    report.format !== REPORT_FORMAT ||
    !Array.isArray(report.rules) ||
    typeof report.startedAt !== 'string'
  ) {
    throw new ReportFileError(`${file}: not a conformance report of format ${REPORT_FORMAT}`);
  }
  return report as ConformanceReport;
}

import { existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { readJsonFile } from '../../helpers/config/config.ts';
import { createRedactor, type Redactor } from '../../helpers/http/redact.ts';
import { applyHistory, HISTORY_FILE, readHistory, renderHistory } from '../history/history.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import { type ConformanceReport, REPORT_FORMAT } from './model.ts';
import { applyTrend } from './trend.ts';

/** The files a run writes to its report directory. */
export const REPORT_FILES = {
  json: 'conformance.json',
  junit: 'junit.xml',
  html: 'conformance.html',
  markdown: 'summary.md',
  history: HISTORY_FILE,
} as const;

/** The reports written, with the problems of the previous `conformance.json` (no trend) or `history.json`. */
export type WrittenReports = ReturnType<typeof writeReports>;

/**
 * Writes the reports to `dir`, with the trend against the `conformance.json` already there and the run appended
 * to `history.json`. Secrets are removed from the report before rendering, and again from each file's text.
 */
export function writeReports(
  dir: string,
  report: ConformanceReport,
  secrets: readonly (string | undefined)[],
  historySize: number,
) {
  mkdirSync(dir, { recursive: true });
  const jsonFile = join(dir, REPORT_FILES.json);
  let previous: ConformanceReport | undefined;
  let previousProblem: string | undefined;
  if (existsSync(jsonFile)) {
    try {
      previous = readReport(jsonFile);
    } catch (error) {
      if (!(error instanceof ReportFileError)) throw error;
      previousProblem = `${error.message}; no trend this time`;
    }
  }
  const history = readHistory(join(dir, REPORT_FILES.history));
  const withHistory = applyHistory(applyTrend(report, previous), history.records, historySize);
  const redactor = createRedactor(secrets);
  const final = redactDeep(withHistory.report, redactor);
  const outputs: [string, string][] = [
    [REPORT_FILES.json, `${JSON.stringify(final, null, 2)}\n`],
    [REPORT_FILES.junit, renderJunit(final)],
    [REPORT_FILES.html, renderHtml(final)],
    [REPORT_FILES.markdown, renderMarkdown(final)],
    [REPORT_FILES.history, renderHistory(withHistory.records, historySize)],
  ];
  const files: readonly string[] = outputs.map(([name, text]) => {
    const file = join(dir, name);
    writeFileSync(file, redactor.text(text));
    return file;
  });
  return {
    report: final,
    files,
    ...(previousProblem ? { previousProblem } : {}),
    ...(history.problem ? { historyProblem: history.problem } : {}),
  };
}

/** A copy of `value` with every string and key redacted, before any format gives a secret its escaping. */
function redactDeep<T>(value: T, redactor: Redactor): T {
  if (typeof value === 'string') return redactor.text(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redactor)) as T;
  if (value !== null && typeof value === 'object')
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [redactor.text(k), redactDeep(v, redactor)]),
    ) as T;
  return value;
}

export class ReportFileError extends Error {
  override readonly name = 'ReportFileError';
}

/** Reads and checks a `conformance.json`. Throws {@link ReportFileError} naming the file and the problem. */
export function readReport(file: string): ConformanceReport {
  const read = readJsonFile(file);
  if ('problem' in read) throw new ReportFileError(`${file}: ${read.problem}`);
  const report = read.value as Partial<ConformanceReport> | null;
  const valid = report?.format === REPORT_FORMAT && Array.isArray(report.rules);
  if (!valid || typeof report.startedAt !== 'string')
    throw new ReportFileError(`${file}: not a conformance report of format ${REPORT_FORMAT}`);
  return report as ConformanceReport;
}

/** A report read from the command line, with its file and the name it goes by. */
export type NamedReport = ReturnType<typeof readReportAt>;

/** Which report a diff's side or a matrix's column is. */
export type ReportSide = ReturnType<typeof sideOf>;

export function sideOf({ file, name, report: { target, startedAt, suiteVersion } }: NamedReport) {
  return { file, name, target, startedAt, suiteVersion };
}

/** Reads the report at `path`: a report directory or a `conformance.json` file. */
export function readReportAt(path: string) {
  if (!existsSync(path)) throw new ReportFileError(`${path}: no such file or directory`);
  const file = statSync(path).isDirectory() ? join(path, REPORT_FILES.json) : path;
  const report = readReport(file);
  // Its label, else its target (reports written before metadata existed have no label).
  const label: unknown = (report.metadata as Partial<ConformanceReport['metadata']> | undefined)?.label;
  const target = report.embedded ? `${report.target} (embedded reference)` : report.target;
  return { report, file, name: typeof label === 'string' && label.trim() !== '' ? label.trim() : target };
}

/** The reports at `paths` for the command `name`; undefined when one is not a report (`name: why` told on `err`). */
export function readReportsFor(name: string, paths: readonly string[], err: (text: string) => void) {
  try {
    return paths.map(readReportAt);
  } catch (error) {
    if (!(error instanceof ReportFileError)) throw error;
    err(`${name}: ${error.message}`);
    return undefined;
  }
}

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRedactor, type Redactor } from '../../helpers/http/redact.ts';
import { applyHistory, HISTORY_FILE, readHistory, renderHistory } from '../history/history.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import type { ConformanceReport } from './model.ts';
import { ReportFileError, readReport } from './read.ts';
import { applyTrend } from './trend.ts';

/** The files a run writes to its report directory. */
export const REPORT_FILES = {
  json: 'conformance.json',
  junit: 'junit.xml',
  html: 'conformance.html',
  markdown: 'summary.md',
  history: HISTORY_FILE,
} as const;

/** How many runs `history.json` keeps unless told (`CONFORMANCE_HISTORY_SIZE`). */
export const DEFAULT_HISTORY_SIZE = 30;

export interface WrittenReports {
  readonly report: ConformanceReport;
  readonly files: readonly string[];
  /** An unreadable previous `conformance.json` (no trend) or `history.json` (the history starts again). */
  readonly previousProblem?: string;
  readonly historyProblem?: string;
}

/**
 * Writes the reports to `dir`, with the trend against the `conformance.json` already there and the run appended
 * to `history.json`. Secrets are removed from the report before rendering, and again from each file's text.
 */
export function writeReports(
  dir: string,
  report: ConformanceReport,
  secrets: readonly (string | undefined)[],
  options: { readonly historySize?: number } = {},
): WrittenReports {
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
  const historySize = options.historySize ?? DEFAULT_HISTORY_SIZE;
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
  const files = outputs.map(([name, text]) => {
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
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [redactor.text(k), redactDeep(v, redactor)]),
    ) as T;
  }
  return value;
}

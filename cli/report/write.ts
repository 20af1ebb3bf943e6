import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRedactor } from '../../helpers/http/redact.ts';
import { applyHistory } from '../history/apply.ts';
import { HISTORY_FILE, readHistory, renderHistory } from '../history/file.ts';
import { renderHtml } from './html.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import type { ConformanceReport } from './model.ts';
import { ReportFileError, readReport } from './read.ts';
import { redactDeep } from './redact.ts';
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
  /** The report as written (with its trend). */
  readonly report: ConformanceReport;
  /** Paths of the files written. */
  readonly files: readonly string[];
  /** Set when the directory held a previous `conformance.json` that could not be read (no trend then). */
  readonly previousProblem?: string;
  /** Set when the directory held a `history.json` that could not be read (the history starts again). */
  readonly historyProblem?: string;
}

/**
 * Writes the four reports to `dir` (created if needed). A `conformance.json` already there is the previous
 * report: the new one records the trend against it ({@link applyTrend}) before replacing it. Every secret is
 * removed from the report before any format is rendered, and again from each file's text. The run is appended
 * to `history.json` ({@link applyHistory}): every report shows each rule's recent statuses and the flaky rules.
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

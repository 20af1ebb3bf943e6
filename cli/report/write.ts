import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRedactor } from '../../helpers/http/redact.ts';
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
} as const;

export interface WrittenReports {
  /** The report as written (with its trend). */
  readonly report: ConformanceReport;
  /** Paths of the files written. */
  readonly files: readonly string[];
  /** Set when the directory held a previous `conformance.json` that could not be read (no trend then). */
  readonly previousProblem?: string;
}

/**
 * Writes the four reports to `dir` (created if needed). A `conformance.json` already there is the previous
 * report: the new one records the trend against it ({@link applyTrend}) before replacing it. Every secret
 * is removed from the report before any format is rendered, and again from each file's text.
 */
export function writeReports(
  dir: string,
  report: ConformanceReport,
  secrets: readonly (string | undefined)[],
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
  const redactor = createRedactor(secrets);
  const final = redactDeep(applyTrend(report, previous), redactor);
  const outputs: [string, string][] = [
    [REPORT_FILES.json, `${JSON.stringify(final, null, 2)}\n`],
    [REPORT_FILES.junit, renderJunit(final)],
    [REPORT_FILES.html, renderHtml(final)],
    [REPORT_FILES.markdown, renderMarkdown(final)],
  ];
  const files = outputs.map(([name, text]) => {
    const file = join(dir, name);
    writeFileSync(file, redactor.text(text));
    return file;
  });
  return { report: final, files, ...(previousProblem ? { previousProblem } : {}) };
}

import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { Environment } from '../../helpers/config/config.ts';
import { ConfigError } from '../../helpers/config/errors.ts';
import { ReportFileError, readReport } from '../report/read.ts';
import { REPORT_FILES } from '../report/write.ts';
import { baselineFromReport } from './from-report.ts';
import { readBaseline } from './read.ts';

/**
 * `baseline write --report-dir <dir> --baseline <file>`: writes the failures of the report as a baseline to
 * edit, keeping the entries of an existing file whose rules still fail.
 */
export function runBaselineWrite(
  env: Environment,
  out: (text: string) => void,
  err: (text: string) => void,
): 0 | 2 {
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

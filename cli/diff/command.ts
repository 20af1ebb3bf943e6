import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CommandOf, Output } from '../args.ts';
import { readReportAt } from '../report/locate.ts';
import { ReportFileError } from '../report/read.ts';
import { diffReports } from './compare.ts';
import { renderDiffMarkdown } from './markdown.ts';

const DIFF_FILES = { markdown: 'diff.md', json: 'diff.json' } as const;

/** `diff A B [--report-dir OUT]`: compares two reports rule by rule; exit code 1 when a rule regressed. */
export function runDiff(command: CommandOf<'diff'>, io: Output): 0 | 1 | 2 {
  let diff: ReturnType<typeof diffReports>;
  let out: string;
  try {
    const [a, b] = [readReportAt(command.a), readReportAt(command.b)];
    diff = diffReports(a, b);
    out = resolve(command.out ?? dirname(b.file));
  } catch (error) {
    if (!(error instanceof ReportFileError)) throw error;
    io.err(`diff: ${error.message}`);
    return 2;
  }
  const markdown = renderDiffMarkdown(diff);
  try {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, DIFF_FILES.markdown), markdown);
    writeFileSync(join(out, DIFF_FILES.json), `${JSON.stringify(diff, null, 2)}\n`);
  } catch (error) {
    io.err(`diff: cannot write to ${out}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  io.out(markdown.trimEnd());
  io.err(`Diff: ${join(out, DIFF_FILES.markdown)}, ${join(out, DIFF_FILES.json)}`);
  return diff.counts.regression > 0 ? 1 : 0;
}

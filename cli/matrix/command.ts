import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { CommandOf, Output } from '../args.ts';
import { readReportAt } from '../report/locate.ts';
import { ReportFileError } from '../report/read.ts';
import { REPORT_FILES } from '../report/write.ts';
import { badgeOf } from './badge.ts';
import { buildMatrix, type Matrix } from './build.ts';
import { renderMatrixHtml } from './html.ts';
import { renderMatrixMarkdown } from './markdown.ts';
import { scoreText } from './score.ts';

export const MATRIX_FILES = {
  html: 'matrix.html',
  markdown: 'matrix.md',
  json: 'matrix.json',
  badges: 'badges',
};

/** `matrix DIR... [--report-dir OUT]`: writes the matrix and a badge per implementation, prints the scores. */
export function runMatrix(command: CommandOf<'matrix'>, io: Output): 0 | 2 {
  let matrix: Matrix;
  const out = resolve(command.out ?? 'matrix');
  try {
    matrix = buildMatrix(command.dirs.map(readReportAt));
  } catch (error) {
    if (!(error instanceof ReportFileError)) throw error;
    io.err(`matrix: ${error.message}`);
    return 2;
  }
  try {
    const badges = join(out, MATRIX_FILES.badges);
    mkdirSync(badges, { recursive: true });
    writeFileSync(join(out, MATRIX_FILES.html), renderMatrixHtml(matrix, reportLinks(matrix, out)));
    writeFileSync(join(out, MATRIX_FILES.markdown), renderMatrixMarkdown(matrix));
    writeFileSync(join(out, MATRIX_FILES.json), `${JSON.stringify(matrix, null, 2)}\n`);
    for (const i of matrix.implementations) {
      writeFileSync(join(badges, `${i.slug}.json`), `${JSON.stringify(badgeOf(i.score), null, 2)}\n`);
    }
  } catch (error) {
    io.err(`matrix: cannot write to ${out}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  const width = Math.max(...matrix.implementations.map((i) => i.label.length));
  for (const i of matrix.implementations) io.out(`${i.label.padEnd(width)}  ${scoreText(i.score)}`);
  io.out(
    `Matrix: ${[MATRIX_FILES.html, MATRIX_FILES.markdown, MATRIX_FILES.json, `${MATRIX_FILES.badges}/`].map((f) => join(out, f)).join(', ')}`,
  );
  return 0;
}

/** Relative links from OUT to each implementation's conformance.html, where one lies beside its report. */
function reportLinks(matrix: Matrix, out: string): Map<string, string> {
  const links = new Map<string, string>();
  for (const i of matrix.implementations) {
    const page = join(dirname(resolve(i.file)), REPORT_FILES.html);
    if (existsSync(page)) links.set(i.slug, relative(out, page).split('\\').join('/'));
  }
  return links;
}

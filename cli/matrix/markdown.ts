import { cell, code, STATUS_SYMBOL } from '../report/markdown.ts';
import type { Matrix } from './build.ts';
import { scoreText } from './score.ts';

/** `matrix.md`: the implementations with their scores, then one table of rules × implementations. */
export function renderMatrixMarkdown(matrix: Matrix): string {
  const names = matrix.implementations.map((i) => cell(i.label));
  const out: string[] = [
    `## Commerce Service API conformance: ${matrix.implementations.length} implementation(s)`,
    '',
    '| Implementation | Score | Target | Started | Suite |',
    '|---|---|---|---|---|',
    ...matrix.implementations.map(
      (i) =>
        `| ${cell(i.label)} | ${scoreText(i.score)} | \`${code(i.target)}\` | ${i.startedAt} | ${i.suiteVersion} |`,
    ),
    '',
    `| Rule | Level | Section | ${names.join(' | ')} | Passing |`,
    `|---|---|---|${names.map(() => ':---:').join('|')}|---:|`,
    ...matrix.rules.map(
      (r) =>
        `| \`${r.id}\` | ${r.level} | ${r.section} | ${r.statuses.map((s) => (s ? STATUS_SYMBOL[s] : '—')).join(' | ')} | ${r.passing}/${r.statuses.length} |`,
    ),
    '',
    `${Object.entries(STATUS_SYMBOL)
      .map(([status, symbol]) => `${symbol} ${status}`)
      .join(
        ' · ',
      )} · — not in that report. INFO rules are observed, never judged: "Passing" counts the implementations that observed them.`,
  ];
  return `${out.join('\n')}\n`;
}

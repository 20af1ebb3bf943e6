import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import type { CommandOf, Output } from '../args.ts';
import { html, pageHead, STYLE } from '../report/html-assets.ts';
import { cell, code, STATUS_SYMBOL } from '../report/markdown.ts';
import { bar } from '../report/pictures.ts';
import { REPORT_FILES, readReportsFor } from '../report/write.ts';
import {
  badgeOf,
  buildMatrix,
  gradeOf,
  type Implementation,
  type Matrix,
  type MatrixRule,
  scoreText,
} from './build.ts';

export const MATRIX_FILES = {
  html: 'matrix.html',
  markdown: 'matrix.md',
  json: 'matrix.json',
  badges: 'badges',
};

/** `matrix DIR... [--report-dir OUT]`: writes the matrix and a badge per implementation, prints the scores. */
export function runMatrix(command: CommandOf<'matrix'>, io: Output): 0 | 2 {
  const reports = readReportsFor('matrix', command.dirs, io.err);
  if (!reports) return 2;
  const matrix = buildMatrix(reports);
  const out = resolve(command.out ?? 'matrix');
  try {
    const badges = join(out, MATRIX_FILES.badges);
    mkdirSync(badges, { recursive: true });
    writeFileSync(join(out, MATRIX_FILES.html), renderMatrixHtml(matrix, reportLinks(matrix, out)));
    writeFileSync(join(out, MATRIX_FILES.markdown), renderMatrixMarkdown(matrix));
    writeFileSync(join(out, MATRIX_FILES.json), `${JSON.stringify(matrix, null, 2)}\n`);
    for (const i of matrix.implementations)
      writeFileSync(join(badges, `${i.slug}.json`), `${JSON.stringify(badgeOf(i.score), null, 2)}\n`);
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

/** `matrix.html`: one self-contained page of rules × implementations; everything is escaped. */
function renderMatrixHtml(matrix: Matrix, links: ReadonlyMap<string, string>): string {
  const areas = [...new Set(matrix.rules.map((r) => r.area))];
  const columns = matrix.implementations.length + 3;
  const ofArea = (area: string) => matrix.rules.filter((r) => r.area === area).map(row);
  return `${pageHead(`Conformance matrix: ${matrix.implementations.length} implementation(s)`, `${STYLE}${MATRIX_STYLE}`)}
<h1>Commerce Service API conformance: implementations</h1>
<p class="meta">${matrix.implementations.length} implementation(s) · ${matrix.rules.length} rules · generated ${html(matrix.generatedAt)}</p>
<p class="controls"><label><input type="checkbox" id="only-differ"> Only rules where implementations differ</label></p>
<table class="matrix" id="matrix">
<thead><tr><th>Rule</th><th>Level</th>${matrix.implementations.map((i) => head(i, links)).join('')}<th>Passing</th></tr></thead>
<tbody>
${areas.map((area) => `<tr class="area"><th colspan="${columns}">${html(area)}</th></tr>\n${ofArea(area).join('\n')}`).join('\n')}
</tbody>
</table>
</body>
</html>
`;
}

function head(i: Implementation, links: ReadonlyMap<string, string>): string {
  const link = links.get(i.slug);
  return `<th class="impl" data-slug="${html(i.slug)}" title="${html(`${i.target} · ${i.startedAt} · suite ${i.suiteVersion}`)}">${link ? `<a href="${html(link)}">${html(i.label)}</a>` : html(i.label)}<span class="score g-${gradeOf(i.score)}">${html(scoreText(i.score))}</span><span class="levels">${levelBar('MUST', i.score.must)}${levelBar('SHOULD', i.score.should)}</span></th>`;
}

/** A level's rules passed, failed and not evaluated of all of them, as a bar. */
function levelBar(level: string, { passed, failed, total }: Implementation['score']['must']): string {
  const label = `${level}: ${passed} passed, ${failed} failed, ${total - passed - failed} not evaluated, of ${total}`;
  return `<span>${level}</span>${bar({ 's-passed': passed, 's-failed': failed }, total, label)}`;
}

function row(r: MatrixRule): string {
  const same =
    new Set(r.statuses.map((s, i) => `${s}|${JSON.stringify(r.observations?.[i] ?? null)}`)).size <= 1;
  return `<tr id="rule-${html(r.id)}" class="${same ? 'same' : 'differ'}"><td class="rule" title="${html(`${r.section} ${r.title}`)}"><strong>${html(r.id)}</strong> <span class="section">${html(r.section)}</span></td><td class="level">${r.level}</td>${r.statuses.map((status, i) => statusCell(status, r.observations?.[i] ?? null)).join('')}<td class="n passing">${r.passing}/${r.statuses.length}</td></tr>`;
}

function statusCell(status: string | null, observations: Record<string, unknown> | null): string {
  if (status === null) return '<td class="cell" data-status="absent">—</td>';
  const badge = `<span class="badge s-${html(status)}">${html(status)}</span>`;
  if (!observations) return `<td class="cell" data-status="${html(status)}">${badge}</td>`;
  return `<td class="cell" data-status="${html(status)}"><details><summary>${badge}</summary><pre>${html(JSON.stringify(observations, null, 2))}</pre></details></td>`;
}

/** The inline style of `matrix.html`, on top of the run report's (cli/report/html-assets.ts). */
const MATRIX_STYLE = `
body { max-width: none; }
table.matrix { border-collapse: separate; border-spacing: 0; }
table.matrix th, table.matrix td { border: 0; border-bottom: 1px solid var(--line); border-right: 1px solid var(--line); }
table.matrix thead th { position: sticky; top: 0; background: #fff; z-index: 1; vertical-align: bottom; }
table.matrix td.rule { white-space: nowrap; } table.matrix td.cell { text-align: center; }
table.matrix tr.area th { background: #f6f8fa; text-align: left; }
.score { display: block; font-weight: 400; font-size: 12px; }
.levels { display: grid; grid-template-columns: max-content minmax(80px, 1fr); gap: 2px 6px; align-items: center; font-size: 11px; font-weight: 400; }
.g-all { color: var(--pass); } .g-must { color: #4d7c0f; } .g-incomplete { color: var(--muted); } .g-failing { color: var(--fail); }
td.cell details { display: inline-block; text-align: left; } td.cell pre { max-width: 360px; font-size: 12px; }
.controls { margin: 8px 0; }
body:has(#only-differ:checked) tr.same { display: none; }
`;

/** `matrix.md`: the implementations with their scores, then one table of rules × implementations. */
export function renderMatrixMarkdown(matrix: Matrix): string {
  const names = matrix.implementations.map((i) => cell(i.label));
  const legend = Object.entries(STATUS_SYMBOL).map(([status, symbol]) => `${symbol} ${status}`);
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
    `${legend.join(' · ')} · — not in that report. INFO rules are observed, never judged: "Passing" counts the implementations that observed them.`,
  ];
  return `${out.join('\n')}\n`;
}

import { html, pageHead, STYLE } from '../report/html-assets.ts';

import type { Implementation, Matrix, MatrixRule } from './build.ts';
import { MATRIX_SCRIPT, MATRIX_STYLE } from './html-assets.ts';
import { gradeOf, scoreText } from './score.ts';

/** Links to each implementation's own report, by slug. */
export type ReportLinks = ReadonlyMap<string, string>;

/** `matrix.html`: one self-contained page of rules × implementations; everything is escaped. */
export function renderMatrixHtml(matrix: Matrix, links: ReportLinks = new Map()): string {
  const areas = [...new Set(matrix.rules.map((r) => r.area))];
  const columns = matrix.implementations.length + 3;
  const ofArea = (area: string) => matrix.rules.filter((r) => r.area === area).map(row);
  return `${pageHead(`Conformance matrix: ${matrix.implementations.length} implementation(s)`, `${STYLE}${MATRIX_STYLE}`)}
<body>
<h1>Commerce Service API conformance: implementations</h1>
<p class="meta">${matrix.implementations.length} implementation(s) · ${matrix.rules.length} rules · generated ${html(matrix.generatedAt)}</p>
<p class="controls"><label><input type="checkbox" id="only-differ"> Only rules where implementations differ</label></p>
<table class="matrix" id="matrix">
<thead><tr><th>Rule</th><th>Level</th>${matrix.implementations.map((i) => head(i, links)).join('')}<th>Passing</th></tr></thead>
<tbody>
${areas.map((area) => `<tr class="area"><th colspan="${columns}">${html(area)}</th></tr>\n${ofArea(area).join('\n')}`).join('\n')}
</tbody>
</table>
<script>${MATRIX_SCRIPT}</script>
</body>
</html>
`;
}

function head(i: Implementation, links: ReportLinks): string {
  const link = links.get(i.slug);
  const name = link ? `<a href="${html(link)}">${html(i.label)}</a>` : html(i.label);
  return `<th class="impl" data-slug="${html(i.slug)}" title="${html(`${i.target} · ${i.startedAt} · suite ${i.suiteVersion}`)}">${name}<span class="score g-${gradeOf(i.score)}">${html(scoreText(i.score))}</span></th>`;
}

function row(r: MatrixRule): string {
  const same =
    new Set(r.statuses.map((s, i) => `${s}|${JSON.stringify(r.observations?.[i] ?? null)}`)).size <= 1;
  const cells = r.statuses.map((status, i) => cell(status, r.observations?.[i] ?? null));
  return `<tr id="rule-${html(r.id)}" class="${same ? 'same' : 'differ'}"><td class="rule" title="${html(`${r.section} ${r.title}`)}"><strong>${html(r.id)}</strong> <span class="section">${html(r.section)}</span></td><td class="level">${r.level}</td>${cells.join('')}<td class="n passing">${r.passing}/${r.statuses.length}</td></tr>`;
}

function cell(status: string | null, observations: Record<string, unknown> | null): string {
  if (status === null) return '<td class="cell" data-status="absent">—</td>';
  const badge = `<span class="badge s-${html(status)}">${html(status)}</span>`;
  if (!observations) return `<td class="cell" data-status="${html(status)}">${badge}</td>`;
  return `<td class="cell" data-status="${html(status)}"><details><summary>${badge}</summary><pre>${html(JSON.stringify(observations, null, 2))}</pre></details></td>`;
}

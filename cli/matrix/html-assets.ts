/** The inline style of `matrix.html`, on top of the run report's (cli/report/html-assets.ts). */
export const MATRIX_STYLE = `
body { max-width: none; }
table.matrix { border-collapse: separate; border-spacing: 0; }
table.matrix th, table.matrix td { border: 0; border-bottom: 1px solid var(--line); border-right: 1px solid var(--line); }
table.matrix thead th { position: sticky; top: 0; background: #fff; z-index: 1; vertical-align: bottom; }
table.matrix td.rule { white-space: nowrap; } table.matrix td.cell { text-align: center; }
table.matrix tr.area th { background: #f6f8fa; text-align: left; }
.score { display: block; font-weight: 400; font-size: 12px; }
.g-all { color: var(--pass); } .g-must { color: #4d7c0f; } .g-incomplete { color: var(--muted); } .g-failing { color: var(--fail); }
td.cell details { display: inline-block; text-align: left; } td.cell pre { max-width: 360px; font-size: 12px; }
.controls { margin: 8px 0; }
tr.same.hide-same { display: none; }
`;

/** The inline script: the "only rules where implementations differ" toggle. */
export const MATRIX_SCRIPT = `
var toggle = document.getElementById('only-differ');
if (toggle) toggle.addEventListener('change', function () {
  var rows = document.querySelectorAll('tr.same');
  for (var i = 0; i < rows.length; i++) rows[i].classList.toggle('hide-same', toggle.checked);
});
`;

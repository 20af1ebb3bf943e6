/** The inline style sheet of `conformance.html` (no external resource of any kind). */
export const STYLE = `
:root { --pass: #1a7f37; --fail: #cf222e; --skip: #9a6700; --err: #8250df; --muted: #57606a; --line: #d0d7de; }
* { box-sizing: border-box; }
body { font: 14px/1.45 system-ui, -apple-system, "Segoe UI", sans-serif; margin: 0 auto; max-width: 1200px; padding: 16px 24px; color: #1f2328; }
code { background: #f6f8fa; border-radius: 4px; padding: 0 3px; font-size: 90%; }
@media (max-width: 600px) { body { padding: 8px 12px; } table.counts { display: block; overflow-x: auto; } }
h1 { font-size: 22px; margin: 8px 0; } h2 { font-size: 18px; margin: 24px 0 8px; border-bottom: 1px solid var(--line); }
.meta { color: var(--muted); }
.verdict { display: inline-block; padding: 4px 10px; border-radius: 6px; font-weight: 600; color: #fff; }
.verdict.ok { background: var(--pass); } .verdict.bad { background: var(--fail); } .verdict.warn { background: var(--skip); }
table { border-collapse: collapse; margin: 8px 0; } th, td { border: 1px solid var(--line); padding: 4px 8px; text-align: left; }
td.n { text-align: right; font-variant-numeric: tabular-nums; }
.badge { display: inline-block; min-width: 64px; text-align: center; padding: 0 6px; border-radius: 10px; font-size: 12px; font-weight: 600; color: #fff; background: var(--muted); }
.s-passed { background: var(--pass); fill: var(--pass); } .s-failed { background: var(--fail); fill: url(#hatch) var(--fail); }
.s-skipped { background: var(--skip); fill: var(--skip); } .s-error { background: var(--err); fill: var(--err); }
.s-observed { background: #0969da; fill: #0969da; } .s-untested { background: #8c959f; fill: #d0d7de; }
svg.bar { display: block; max-width: 480px; } svg .track { fill: #eaeef2; }
details.rule { border: 1px solid var(--line); border-radius: 6px; margin: 4px 0; padding: 4px 8px; }
details.rule > summary { cursor: pointer; }
.level { font-weight: 600; } .section, .since, .inputs { color: var(--muted); }
.check { margin: 6px 0 6px 16px; } .reason { color: var(--muted); }
pre { background: #f6f8fa; border: 1px solid var(--line); border-radius: 6px; padding: 8px; white-space: pre-wrap; word-break: break-word; max-height: 360px; overflow: auto; }
.evidence h4 { margin: 8px 0 2px; font-size: 13px; }
button.copy { font: inherit; font-size: 12px; padding: 2px 8px; cursor: pointer; }
.changes li { margin: 2px 0; }
#metadata { display: grid; grid-template-columns: max-content 1fr; gap: 0 12px; margin: 4px 0 8px; color: var(--muted); }
#metadata dt { font-weight: 600; } #metadata dd { margin: 0; word-break: break-all; }
.b-known { background: var(--skip); } .b-stale { background: #0969da; } .b-unsupported { background: #8c959f; }
.b-expired { background: var(--fail); }
`;

/** The inline script: the copy buttons of curl commands (clipboard API, with a fallback for file:// pages). */
export const SCRIPT = `
document.addEventListener('click', function (event) {
  var button = event.target.closest ? event.target.closest('button.copy') : null;
  if (!button) return;
  var source = document.getElementById(button.getAttribute('data-copy'));
  if (!source) return;
  var text = source.textContent;
  function done(ok) { button.textContent = ok ? 'Copied' : 'Copy failed'; setTimeout(function () { button.textContent = 'Copy curl'; }, 1500); }
  function fallback() {
    var area = document.createElement('textarea');
    area.value = text; area.setAttribute('readonly', ''); area.style.position = 'fixed'; area.style.opacity = '0';
    document.body.appendChild(area); area.select();
    var ok = false; try { ok = document.execCommand('copy'); } catch (e) { ok = false; }
    document.body.removeChild(area); done(ok);
  }
  if (navigator.clipboard && navigator.clipboard.writeText) {
    navigator.clipboard.writeText(text).then(function () { done(true); }, fallback);
  } else { fallback(); }
});
`;

/** The start of a self-contained page, to its `<body>`: no network at all (CSP), the style inline. */
export function pageHead(title: string, style: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<title>${title}</title>
<style>${style}</style>
</head>
<body>
${PATTERNS}`;
}

/** The pattern that marks failed besides its colour (`.s-failed` fills with it); once per page. */
const PATTERNS = `<svg width="0" height="0" aria-hidden="true" style="position:absolute"><pattern id="hatch" width="4" height="4" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><rect width="4" height="4" style="fill:var(--fail)"/><rect width="1.5" height="4" fill="#fff"/></pattern></svg>`;

/** The style of the history and the coverage (cli/report/pictures.ts), and of the flaky badges. */
export const PICTURE_STYLE = `
.pictures { display: flex; flex-wrap: wrap; align-items: flex-start; gap: 8px 32px; } .pictures + .pictures { margin-top: 12px; }
.pictures figure { margin: 4px 0; max-width: 100%; } figcaption { font-weight: 600; }
.grid { display: flex; } .grid > div { overflow-x: auto; direction: rtl; min-width: 0; } .grid svg { direction: ltr; display: block; }
.grid ul { list-style: none; margin: 0; padding: 0 8px 0 0; white-space: nowrap; } .grid a { color: #0969da; text-decoration: none; }
.grid ul, svg text { font: 11px/16px ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; fill: #1f2328; }
svg text.head { font: 600 13px system-ui, sans-serif; } svg .now { fill: none; stroke: #1f2328; } svg .cut { stroke: #fff; }
svg .rule { stroke: var(--line); stroke-dasharray: 3 3; } svg .line { fill: none; stroke: #0969da; stroke-width: 2; }
svg circle.below { fill: var(--fail); } .legend svg { vertical-align: -1px; } .legend span { white-space: nowrap; margin-right: 8px; }
.dimension h3 { font-size: 14px; margin: 12px 0 4px; } .dimension p { margin: 4px 0; } ul.points code { background: none; }
ul.points { columns: 20em; column-gap: 24px; margin: 0; padding-left: 18px; overflow-wrap: anywhere; }
.badge.flaky { background: #bc4c00; min-width: 0; } #flaky li { margin: 2px 0; }
`;

/** The style of the rule index entries. */
export const RULE_INDEX_STYLE = `
details.about { margin: 6px 0 6px 16px; } details.about > summary { cursor: pointer; color: var(--muted); }
dl.about { display: grid; grid-template-columns: max-content 1fr; gap: 2px 12px; margin: 6px 0; }
dl.about dt { font-weight: 600; } dl.about dd { margin: 0; } dl.about ul { margin: 0; padding-left: 18px; }
dl.about code { white-space: nowrap; }
`;

/** Text of the catalogue (Markdown) as HTML: escaped, its code spans as `<code>`. */
export function inlineHtml(text: string): string {
  return html(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

/** What {@link html} writes for each character it escapes. */
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML content and quoted attribute values. */
export function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c as keyof typeof ESCAPES]);
}

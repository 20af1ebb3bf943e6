import type { RecordedRequest, RecordedResponse } from '../../helpers/http/evidence.ts';
import { SOURCE_KINDS } from '../../helpers/http/journal.ts';
import type { RuleId } from '../../rules/catalogue.ts';
import { pageHead, SCRIPT, STYLE } from './html-assets.ts';
import { html } from './html-escape.ts';
import { flakyBadge, flakySection, HISTORY_STYLE, historyStrip } from './html-history.ts';
import { RULE_INDEX_STYLE, ruleIndexHtml } from './html-rule-index.ts';
import { explorationNote } from './markdown.ts';
import type { CheckResult, ConformanceReport, RuleResult, StatusCounts } from './model.ts';
import { RULE_STATUSES } from './model.ts';
import { htmlBaselineBadge, htmlMetadata, htmlVerdict, htmlVerdictSections } from './verdict-html.ts';

/** `conformance.html`: one self-contained page (no network at all); every piece of evidence is HTML-escaped. */
export function renderHtml(report: ConformanceReport): string {
  let copyId = 0;
  const nextId = () => `curl-${++copyId}`;
  const areas = [...new Set(report.rules.map((r) => r.area))];
  const ofArea = (area: string) =>
    report.rules.filter((r) => r.area === area).map((r) => rule(r, report, nextId));
  const byArea = report.byArea.map((row): [string, StatusCounts] => [row.area, row]);
  const byLevel = report.byLevel.map((row): [string, StatusCounts] => [row.level, row]);
  return `${pageHead(`Conformance: ${html(report.target)}`, `${STYLE}${RULE_INDEX_STYLE}${HISTORY_STYLE}`)}
<body>
<h1>Commerce Service API conformance</h1>
<p class="meta">Target <code>${html(report.target)}</code>${report.embedded ? ' (embedded reference server)' : ''} · started ${html(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s · suite ${html(report.suiteVersion)}${report.readOnly ? ' · read-only' : ''}${report.shards ? ` · shards ${html(report.shards.join(', '))}` : ''}${report.filter ? ` · filter ${html([...report.filter.areas, ...report.filter.rules].join(', '))}` : ''}${html(explorationNote(report))}</p>
${htmlMetadata(report)}<p id="verdict">${htmlVerdict(report)}</p>
${failedList(report)}${htmlVerdictSections(report)}${changes(report)}${flakySection(report)}${errors(report)}${coverage(report)}<section id="summary">
<h2>Summary</h2>
${countsTable('Area', byArea, report.summary)}
${countsTable('Level', byLevel, report.summary)}
</section>
<section id="rules">
<h2>Rules</h2>
${areas.map((area) => `<h3>${html(area)}</h3>\n${ofArea(area).join('\n')}`).join('\n')}
</section>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

/** Links to the failed rules, right under the verdict. */
function failedList(report: ConformanceReport): string {
  const failed = report.rules.filter((r) => r.status === 'failed');
  if (failed.length === 0) return '';
  const links = failed.map(
    (r) =>
      `<a href="#rule-${html(r.id)}">${html(r.id)}</a> <span class="level">${r.level}</span>${r.baseline?.mark === 'known' ? ' <span class="reason">(known)</span>' : ''}`,
  );
  return `<p id="failed">Failed rules: ${links.join(', ')}</p>\n`;
}

function changes(report: ConformanceReport): string {
  if (!report.changes || !report.previous) return '';
  const byId = new Map(report.rules.map((r) => [r.id, r]));
  const item = (label: string, id: RuleId) => {
    const r = byId.get(id);
    const since =
      label === 'still failing' && r?.failingSince ? ` since ${html(r.failingSince.slice(0, 10))}` : '';
    return `<li><span class="badge s-${label === 'newly passing' ? 'passed' : 'failed'}">${label}</span> <a href="#rule-${html(id)}">${html(id)}</a> <span class="level">${html(r?.level ?? '')}</span>${since}</li>`;
  };
  const { newlyFailing, newlyPassing, stillFailing } = report.changes;
  const items = [
    ...newlyFailing.map((id) => item('newly failing', id)),
    ...newlyPassing.map((id) => item('newly passing', id)),
    ...stillFailing.map((id) => item('still failing', id)),
  ];
  return `<section id="changes">
<h2>Changes since ${html(report.previous.startedAt)}</h2>
${items.length > 0 ? `<ul class="changes">\n${items.join('\n')}\n</ul>` : '<p>No rule changed.</p>'}
</section>
`;
}

function coverage(report: ConformanceReport): string {
  if (!report.coverage?.length) return '';
  const rows = report.coverage.map(
    (d) =>
      `<tr><td>${html(d.title)}</td><td>${d.visited} of ${d.points}</td><td>${d.gateVisited} of ${d.gatePoints}</td><td>${d.unvisited.map((id) => `<code>${html(id)}</code>`).join(' ') || '–'}</td></tr>`,
  );
  return `<section id="coverage"><h2>Coverage of the space the specification allows</h2>\n<table><tr><th>Dimension</th><th>Visited</th><th>Gate covering set</th><th>Not visited</th></tr>\n${rows.join('\n')}\n</table>\n</section>\n`;
}

function errors(report: ConformanceReport): string {
  const skipped = report.skippedProbes?.length
    ? `<section id="skipped-probes"><h2>Probes skipped</h2>\n<ul>${report.skippedProbes.map((p) => `<li>${html(`${p.file} › ${p.name}`)}: ${html(p.reason)}</li>`).join('')}</ul>\n</section>\n`
    : '';
  if (report.errors.length === 0) return skipped;
  return `${skipped}<section id="errors"><h2>Engine errors</h2>\n${report.errors.map((e) => `<pre>${html(e)}</pre>`).join('\n')}\n</section>\n`;
}

function countsTable(label: string, rows: [string, StatusCounts][], total: StatusCounts): string {
  const head = `<tr><th>${label}</th>${RULE_STATUSES.map((s) => `<th>${s}</th>`).join('')}</tr>`;
  const line = (name: string, counts: StatusCounts, strong = false) =>
    `<tr><td>${strong ? '<strong>all</strong>' : html(name)}</td>${RULE_STATUSES.map((s) => `<td class="n">${counts[s]}</td>`).join('')}</tr>`;
  return `<table class="counts">\n${head}\n${rows.map(([n, c]) => line(n, c)).join('\n')}\n${line('all', total, true)}\n</table>`;
}

function rule(r: RuleResult, report: ConformanceReport, nextId: () => string): string {
  const open = r.status === 'failed' || r.status === 'error' ? ' open' : '';
  const since = r.failingSince
    ? ` <span class="since">failing since ${html(r.failingSince.slice(0, 10))}</span>`
    : '';
  const trend =
    r.trend && r.trend !== 'unchanged' && r.trend !== 'still-passing' ? ` <em>${html(r.trend)}</em>` : '';
  const body =
    r.checks.length === 0
      ? '<p class="reason">No check of this rule ran.</p>'
      : r.checks.map((c) => check(c, nextId)).join('\n');
  return `<details class="rule" id="rule-${html(r.id)}" data-status="${r.status}"${open}>
<summary><span class="badge s-${r.status}">${r.status}</span> <strong>${html(r.id)}</strong> <span class="level">${r.level}</span> <span class="section">${html(r.section)}</span> ${html(r.title)}${htmlBaselineBadge(r)}${since}${trend}${inputs(r)}${flakyBadge(r, report)}${historyStrip(r, report)}</summary>
${r.reason ? `<p class="reason">Skipped: ${html(r.reason)}</p>\n` : ''}${body}
${ruleIndexHtml(r.id)}</details>`;
}

/** How many inputs the rule judged (the report's depth figure), and what sent them. */
function inputs(r: RuleResult): string {
  if (r.inputs === undefined || r.status === 'untested') return '';
  const sources = sourcesText(r);
  return ` <span class="inputs" title="${html(sources)}">${r.inputs} input${r.inputs === 1 ? '' : 's'}${sources ? ` (${html(sources)})` : ''}</span>`;
}

function check(c: CheckResult, nextId: () => string): string {
  const head = `<div class="check" data-status="${c.status}"><span class="badge s-${c.status}">${c.status}</span> ${html(c.name)}`;
  if (c.status === 'skipped') return `${head} <span class="reason">— ${html(c.reason ?? '')}</span></div>`;
  if (c.status === 'observed' && c.observations) {
    return `${head}<pre>${html(JSON.stringify(c.observations, null, 2))}</pre></div>`;
  }
  if (c.status !== 'failed' && c.status !== 'error') {
    return `${head} <span class="reason">(${c.exchangeCount} request${c.exchangeCount === 1 ? '' : 's'})</span></div>`;
  }
  const id = nextId();
  const parts = [
    `<div class="evidence">`,
    `<h4>Message</h4><pre class="message">${html(c.message ?? '')}</pre>`,
  ];
  if (c.request) parts.push(`<h4>Request</h4><pre class="request">${html(request(c.request))}</pre>`);
  if (c.response) parts.push(`<h4>Response</h4><pre class="response">${html(response(c.response))}</pre>`);
  if (c.curl) {
    parts.push(
      `<h4>Reproduce <button type="button" class="copy" data-copy="${id}">Copy curl</button></h4><pre class="curl" id="${id}">${html(c.curl)}</pre>`,
    );
  }
  const others = (c.exchanges ?? []).slice(1);
  if (others.length > 0) {
    parts.push(
      `<details><summary>${others.length} other exchange(s) of this check</summary>${others.map((e) => `<pre>${html(`${request(e.request)}\n\n${e.response ? response(e.response) : `no answer: ${e.error ?? ''}`}`)}</pre>`).join('')}</details>`,
    );
  }
  parts.push('</div>');
  return `${head}\n${parts.join('\n')}</div>`;
}

function request(r: RecordedRequest): string {
  return [`${r.method} ${r.url}`, ...headerLines(r), ...(r.body ? ['', r.body] : [])].join('\n');
}

function response(r: RecordedResponse): string {
  return [`${r.status}`, ...headerLines(r), '', r.body].join('\n');
}

function headerLines(r: RecordedRequest | RecordedResponse): string[] {
  return Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`);
}

/** `12 checks, 40 boundary, 3 replay`: a rule's judged inputs by what sent them, the empty ones left out. */
function sourcesText(rule: Pick<RuleResult, 'bySource'>): string {
  return SOURCE_KINDS.flatMap((kind) => {
    const n = rule.bySource?.[kind] ?? 0;
    return n > 0 ? [`${n} ${kind}`] : [];
  }).join(', ');
}

import type { RecordedRequest, RecordedResponse } from '../../helpers/http/evidence.ts';
import { SOURCE_KINDS } from '../../helpers/http/journal.ts';
import { getRule, type RuleId } from '../../rules/catalogue.ts';
import { EXCLUSION_TEXT } from '../verdict/text.ts';
import { html, inlineHtml, PICTURE_STYLE, pageHead, RULE_INDEX_STYLE, SCRIPT, STYLE } from './html-assets.ts';
import { explorationNote } from './markdown.ts';
import { metadataFields } from './metadata.ts';
import type { CheckResult, ConformanceReport, RuleResult, StatusCounts } from './model.ts';
import { notEvaluatedLine, RULE_STATUSES } from './model.ts';
import { bar, historyPictures } from './pictures.ts';
import { faultCommand, type RuleIndex, ruleIndex } from './rule-index.ts';

/** `conformance.html`: one self-contained page (no network at all); every piece of evidence is HTML-escaped. */
export function renderHtml(report: ConformanceReport): string {
  let copyId = 0;
  const nextId = () => `curl-${++copyId}`;
  const areas = [...new Set(report.rules.map((r) => r.area))];
  const ofArea = (area: string) =>
    report.rules.filter((r) => r.area === area).map((r) => rule(r, report, nextId));
  const byArea = report.byArea.map((row): [string, StatusCounts] => [row.area, row]);
  const byLevel = report.byLevel.map((row): [string, StatusCounts] => [row.level, row]);
  // The metadata under the title: label, selection, depth, seed, catalogue hash, the target's Server header.
  const fields = metadataFields(report.metadata).map(
    ([name, value]) => `<dt>${html(name)}</dt><dd>${code(value)}</dd>`,
  );
  return `${pageHead(`Conformance: ${html(report.target)}`, `${STYLE}${RULE_INDEX_STYLE}${PICTURE_STYLE}`)}
<h1>Commerce Service API conformance</h1>
<p class="meta">Target <code>${html(report.target)}</code>${report.embedded ? ' (embedded reference server)' : ''} · started ${html(report.startedAt)} · ${(report.durationMs / 1000).toFixed(1)} s · suite ${html(report.suiteVersion)}${report.readOnly ? ' · read-only' : ''}${report.shards ? ` · shards ${html(report.shards.join(', '))}` : ''}${report.filter ? ` · filter ${html([...report.filter.areas, ...report.filter.rules].join(', '))}` : ''}${html(explorationNote(report))}</p>
${fields.length > 0 ? `<dl id="metadata">${fields.join('')}</dl>\n` : ''}<p id="verdict">${htmlVerdict(report)}</p>
${failedList(report)}${htmlVerdictSections(report)}${changes(report)}${historyPictures(report)}${flakySection(report)}${errors(report)}${coverage(report)}<section id="summary">
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
  return `<p id="failed">Failed rules: ${failed.map((r) => `${ruleLink(r.id, r.level)}${r.baseline?.mark === 'known' ? ' <span class="reason">(known)</span>' : ''}`).join(', ')}</p>\n`;
}

function changes(report: ConformanceReport): string {
  if (!report.changes || !report.previous) return '';
  const byId = new Map(report.rules.map((r) => [r.id, r]));
  const item = (label: string, id: RuleId) => {
    const r = byId.get(id);
    return `<li><span class="badge s-${label === 'newly passing' ? 'passed' : 'failed'}">${label}</span> ${ruleLink(id, html(r?.level ?? ''))}${label === 'still failing' && r?.failingSince ? ` since ${html(r.failingSince.slice(0, 10))}` : ''}</li>`;
  };
  const { newlyFailing, newlyPassing, stillFailing } = report.changes;
  const items = [
    ...newlyFailing.map((id) => item('newly failing', id)),
    ...newlyPassing.map((id) => item('newly passing', id)),
    ...stillFailing.map((id) => item('still failing', id)),
  ];
  return `<section id="changes">\n<h2>Changes since ${html(report.previous.startedAt)}</h2>\n${items.length > 0 ? `<ul class="changes">\n${items.join('\n')}\n</ul>` : '<p>No rule changed.</p>'}\n</section>\n`;
}

/** Per dimension of the space: the points visited as a bar, and the first points not visited, ten unfolded. */
function coverage(report: ConformanceReport): string {
  if (!report.coverage?.length) return '';
  const points = (ids: readonly string[]) =>
    `<ul class="points">${ids.map((id) => `<li>${code(id)}</li>`).join('')}</ul>`;
  const rows = report.coverage.map((d) => {
    const left = d.points - d.visited;
    const more = d.unvisited.slice(10);
    const counts = `${d.visited} of ${d.points} points visited (${Math.round((100 * d.visited) / d.points)}%) · gate covering set ${d.gateVisited} of ${d.gatePoints}`;
    return `<div class="dimension"><h3>${html(d.title)}</h3>${bar({ 's-passed': d.visited }, d.points, `${d.title}: ${counts}`)}<p class="counts">${counts}</p>${left === 0 ? '' : `<p>Not visited (${left}${left > d.unvisited.length ? `, the first ${d.unvisited.length} listed` : ''}):</p>${points(d.unvisited.slice(0, 10))}${more.length ? `<details><summary>${more.length} more</summary>${points(more)}</details>` : ''}`}</div>`;
  });
  return `<section id="coverage"><h2>Coverage of the space the specification allows</h2>\n${rows.join('\n')}\n</section>\n`;
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
  const marks = [
    r.baseline &&
      `<span class="badge b-${r.baseline.mark}" title="${html(r.baseline.note)}">${r.baseline.mark}</span>`,
    r.failingSince && `<span class="since">failing since ${html(r.failingSince.slice(0, 10))}</span>`,
    r.trend && r.trend !== 'unchanged' && r.trend !== 'still-passing' && `<em>${html(r.trend)}</em>`,
    inputs(r),
    r.history?.flaky &&
      `<span class="badge flaky" title="status flipped ${r.history.flips} times in the last ${report.history?.runs.length ?? 0} runs">flaky</span>`,
  ].flatMap((mark) => (mark ? [` ${mark}`] : []));
  const body =
    r.checks.map((c) => check(c, nextId)).join('\n') || '<p class="reason">No check of this rule ran.</p>';
  return `<details class="rule" id="rule-${html(r.id)}" data-status="${r.status}"${open}>
<summary><span class="badge s-${r.status}">${r.status}</span> <strong>${html(r.id)}</strong> <span class="level">${r.level}</span> <span class="section">${html(r.section)}</span> ${inlineHtml(r.title)}${marks.join('')}</summary>
${r.reason ? `<p class="reason">Skipped: ${inlineHtml(r.reason)}</p>\n` : ''}${body}
${ruleIndexHtml(r.id)}</details>`;
}

/** How many inputs the rule judged (the report's depth figure), and what sent them. */
function inputs(r: RuleResult): string {
  if (r.inputs === undefined || r.status === 'untested') return '';
  // `12 checks, 40 boundary, 3 replay`: the judged inputs by what sent them, the empty ones left out.
  const sources = SOURCE_KINDS.filter((kind) => (r.bySource?.[kind] ?? 0) > 0)
    .map((kind) => `${r.bySource?.[kind]} ${kind}`)
    .join(', ');
  return `<span class="inputs" title="${html(sources)}">${r.inputs} input${r.inputs === 1 ? '' : 's'}${sources ? ` (${html(sources)})` : ''}</span>`;
}

function check(c: CheckResult, nextId: () => string): string {
  const head = `<div class="check" data-status="${c.status}"><span class="badge s-${c.status}">${c.status}</span> ${html(c.name)}`;
  if (c.status === 'skipped') return `${head} <span class="reason">— ${html(c.reason ?? '')}</span></div>`;
  if (c.status === 'observed' && c.observations)
    return `${head}<pre>${html(JSON.stringify(c.observations, null, 2))}</pre></div>`;
  if (c.status !== 'failed' && c.status !== 'error')
    return `${head} <span class="reason">(${c.exchangeCount} request${c.exchangeCount === 1 ? '' : 's'})</span></div>`;
  const id = nextId();
  const others = (c.exchanges ?? []).slice(1).map((e) => {
    const answer = e.response ? response(e.response) : `no answer: ${e.error ?? ''}`;
    return `<pre>${html(`${request(e.request)}\n\n${answer}`)}</pre>`;
  });
  const parts = [
    `<div class="evidence">`,
    `<h4>Message</h4><pre class="message">${html(c.message ?? '')}</pre>`,
    c.request && `<h4>Request</h4><pre class="request">${html(request(c.request))}</pre>`,
    c.response && `<h4>Response</h4><pre class="response">${html(response(c.response))}</pre>`,
    c.curl &&
      `<h4>Reproduce <button type="button" class="copy" data-copy="${id}">Copy curl</button></h4><pre class="curl" id="${id}">${html(c.curl)}</pre>`,
    others.length > 0 &&
      `<details><summary>${others.length} other exchange(s) of this check</summary>${others.join('')}</details>`,
    '</div>',
  ];
  return `${head}\n${parts.filter((part) => part).join('\n')}</div>`;
}

/** A message as text: its first line, its headers, and its body after a blank line (a request's only if any). */
function message(first: string, r: RecordedRequest | RecordedResponse, body: string | undefined): string {
  const headers = Object.entries(r.headers).map(([k, v]) => `${k}: ${v}`);
  return [first, ...headers, ...(body !== undefined ? ['', body] : [])].join('\n');
}

const request = (r: RecordedRequest) => message(`${r.method} ${r.url}`, r, r.body || undefined);
const response = (r: RecordedResponse) => message(`${r.status}`, r, r.body);

/** The verdict banner: the exit code and why. */
function htmlVerdict(report: ConformanceReport): string {
  const { baseline, failedMust, failedShould, incomplete, strict, exitCode } = report.verdict;
  const known = baseline?.known.length ? `, ${baseline.known.length} known failure(s) in the baseline` : '';
  const [tone, text] = report.stopped
    ? ['warn', `Stopped: ${html(report.stopped.reason)} (exit code 2)`]
    : report.errors.length > 0
      ? ['warn', 'Engine errors: the run is incomplete (exit code 2)']
      : failedMust.length > 0
        ? ['bad', `Failed: ${failedMust.length} MUST rule(s)${known} (exit code 1)`]
        : strict && failedShould.length > 0
          ? ['bad', `${failedShould.length} SHOULD rule(s) failed (exit code 1, strict)`]
          : exitCode === 1
            ? [
                'bad',
                `Stale baseline: ${baseline?.stale.length ?? 0} entr(ies) now pass (exit code 1, --strict-baseline)`,
              ]
            : exitCode === 2
              ? ['warn', `Incomplete: ${incomplete.length} MUST rule(s) not evaluated (exit code 2)`]
              : failedShould.length > 0
                ? ['warn', `${failedShould.length} SHOULD rule(s) failed${known} (exit code 0)`]
                : [
                    'ok',
                    `Passed: every MUST rule of the selection evaluated, none failed${known ? ` outside the baseline${known}` : ''} (exit code 0)`,
                  ];
  return `<span class="verdict ${tone}">${text}</span>${report.stopped ? ' <span class="reason">The report holds what the run judged before; the rules it did not reach are untested.</span>' : ''}`;
}

/**
 * The verdict's sections: the MUST rules that left the run incomplete, the baseline (new, known, stale,
 * unsupported, expired, with each entry's reason), the MUST rules the configuration excluded.
 */
function htmlVerdictSections(report: ConformanceReport): string {
  const v = report.verdict;
  const byId = new Map(report.rules.map((r) => [r.id, r]));
  let out = '';
  if (v.incomplete.length > 0) {
    const items = v.incomplete.map((id) => {
      const r = byId.get(id);
      return `<li>${ruleLink(id)} <span class="badge s-${r?.status ?? 'untested'}">${html(r?.status ?? '')}</span> <span class="reason">${html(r ? notEvaluatedLine(r, 'no check of this rule ran') : '')}</span></li>`;
    });
    out += `<section id="incomplete">\n<h2>Incomplete: MUST rules not evaluated</h2>\n<p>The run cannot be green while these are unknown: fix the set-up, or mark a capability the target does not offer as <code>unsupported</code> in the baseline.</p>\n<ul>\n${items.join('\n')}\n</ul>\n</section>\n`;
  }
  if (v.baseline) {
    const b = v.baseline;
    const titles = {
      new: 'New failures (not in the baseline)',
      known: 'Known failures',
      stale: `Stale entries: the rule now passes${v.strictBaseline ? ' (fatal: --strict-baseline)' : ''}`,
      unsupported: 'Unsupported',
      expired: 'Expired entries (no longer counted)',
    };
    const body = Object.entries(titles).map(([id, title]) => {
      const ids = b[id as keyof typeof titles];
      if (ids.length === 0) return '';
      const items = ids.map((rid) => {
        const entry = byId.get(rid)?.baseline;
        return `<li>${ruleLink(rid)}${entry ? ` <span class="reason">— ${inlineHtml(entry.note)}${entry.until ? ` (until ${html(entry.until)})` : ''}</span>` : ''}</li>`;
      });
      return `<h3 id="baseline-${id}">${html(title)} (${ids.length})</h3>\n<ul>\n${items.join('\n')}\n</ul>\n`;
    });
    out += `<section id="baseline">\n<h2>Baseline <code>${html(b.file)}</code></h2>\n${body.join('') || '<p>No entry applied to this run.</p>\n'}</section>\n`;
  }
  if (v.excluded.length > 0) {
    out += `<section id="excluded">\n<h2>Excluded by configuration</h2>\n<ul>\n${v.excluded.map((g) => `<li><details><summary>${g.rules.length} MUST rule(s) ${html(EXCLUSION_TEXT[g.by])}</summary>${g.rules.map((id) => ruleLink(id)).join(', ')}</details></li>`).join('\n')}\n</ul>\n</section>\n`;
  }
  return out;
}

function flakySection(report: ConformanceReport): string {
  const flaky = report.rules.filter((r) => r.history?.flaky);
  if (!report.history || flaky.length === 0) return '';
  return `<section id="flaky">\n<h2>Flaky rules</h2>\n<p>Status flipped at least twice in the last ${report.history.runs.length} runs (of ${report.history.size} kept in history.json).</p>\n<ul>\n${flaky.map((r) => `<li>${ruleLink(r.id, r.level)} flipped ${r.history?.flips} times</li>`).join('\n')}\n</ul>\n</section>\n`;
}

const code = (text: string) => `<code>${html(text)}</code>`;
/** A link to a rule's row, with its level. */
const ruleLink = (id: RuleId, level: string = getRule(id).level) =>
  `<a href="#rule-${html(id)}">${html(id)}</a> <span class="level">${level}</span>`;

/** A rule row's entry of the rule index; empty for an ID it does not know (a report of another version). */
export function ruleIndexHtml(id: RuleId, index: RuleIndex = ruleIndex()): string {
  const entry = index.get(id);
  if (!entry) return '';
  const faults = entry.faults.map(
    (fault) =>
      `<li>${code(fault.name)}: ${inlineHtml(fault.description)} See a worked failure: ${code(faultCommand(fault.name))}</li>`,
  );
  const collateral = entry.collateralOf.map(
    ({ fault, reason }) =>
      `<li>${code(fault.name)} (fault of <a href="#rule-${html(fault.rule)}">${html(fault.rule)}</a>): ${inlineHtml(reason)}</li>`,
  );
  const none = entry.rule.level === 'INFO' ? 'none: an INFO rule is observed, never failed' : 'none';
  const rows: [string, string][] = [
    ['Decided in', code(entry.file)],
    [
      'Schemas',
      entry.schemas.map(code).join(', ') ||
        'none: its verdicts assert values, not the shape of a whole answer',
    ],
    ['Faults', faults.length > 0 ? `<ul>${faults.join('')}</ul>` : none],
  ];
  if (collateral.length > 0) rows.push(['Collateral of', `<ul>${collateral.join('')}</ul>`]);
  return `<details class="about" id="about-${html(id)}"><summary>File, schemas and faults of ${html(id)}</summary>
<dl class="about">${rows.map(([term, value]) => `<dt>${term}</dt><dd>${value}</dd>`).join('')}</dl>
</details>
`;
}

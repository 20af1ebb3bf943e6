import { html } from './html-escape.ts';
import type { ConformanceReport, RuleResult } from './model.ts';

export const HISTORY_STYLE = `
.strip { display: inline-flex; gap: 1px; vertical-align: middle; margin-left: 6px; }
.strip i { display: inline-block; width: 7px; height: 14px; border-radius: 1px; }
.strip i.s-untested { background: #eaeef2; } .strip i:last-child { outline: 1px solid #1f2328; }
.badge.flaky { background: #bc4c00; min-width: 0; }
#flaky li { margin: 2px 0; }
`;

/** A rule's statuses over the runs of `history.json`, one square each; empty for fewer than two runs. */
export function historyStrip(rule: RuleResult, report: ConformanceReport): string {
  const runs = report.history?.runs ?? [];
  const statuses = rule.history?.statuses ?? [];
  if (runs.length < 2 || statuses.length !== runs.length) return '';
  const squares = statuses.map(
    (status, i) =>
      `<i class="s-${html(status)}" data-status="${html(status)}" title="${html(`${runs[i]?.startedAt ?? ''}: ${status}`)}"></i>`,
  );
  return ` <span class="strip" role="img" aria-label="${html(`last ${runs.length} runs: ${statuses.join(', ')}`)}">${squares.join('')}</span>`;
}

export function flakyBadge(rule: RuleResult, report: ConformanceReport): string {
  if (!rule.history?.flaky) return '';
  const runs = report.history?.runs.length ?? 0;
  return ` <span class="badge flaky" title="status flipped ${rule.history.flips} times in the last ${runs} runs">flaky</span>`;
}

export function flakySection(report: ConformanceReport): string {
  const flaky = report.rules.filter((r) => r.history?.flaky);
  if (!report.history || flaky.length === 0) return '';
  const items = flaky.map(
    (r) =>
      `<li><a href="#rule-${html(r.id)}">${html(r.id)}</a> <span class="level">${r.level}</span> flipped ${r.history?.flips} times${historyStrip(r, report)}</li>`,
  );
  return `<section id="flaky">
<h2>Flaky rules</h2>
<p>Status flipped at least twice in the last ${report.history.runs.length} runs (of ${report.history.size} kept in history.json).</p>
<ul>
${items.join('\n')}
</ul>
</section>
`;
}

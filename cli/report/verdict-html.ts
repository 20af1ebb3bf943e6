import { getRule, type RuleId } from '../../rules/catalogue.ts';
import { EXCLUSION_TEXT } from '../verdict/text.ts';
import { html } from './html-escape.ts';
import { metadataFields } from './metadata-text.ts';
import type { ConformanceReport, RuleResult } from './model.ts';

/** The verdict banner: the exit code and why. */
export function htmlVerdict(report: ConformanceReport): string {
  const v = report.verdict;
  if (report.stopped) {
    return `<span class="verdict warn">Stopped: ${html(report.stopped.reason)} (exit code 2)</span> <span class="reason">The report holds what the run judged before; the rules it did not reach are untested.</span>`;
  }
  if (report.errors.length > 0)
    return '<span class="verdict warn">Engine errors: the run is incomplete (exit code 2)</span>';
  const known = v.baseline?.known.length
    ? `, ${v.baseline.known.length} known failure(s) in the baseline`
    : '';
  if (v.failedMust.length > 0) {
    return `<span class="verdict bad">Failed: ${v.failedMust.length} MUST rule(s)${known} (exit code 1)</span>`;
  }
  if (v.strict && v.failedShould.length > 0) {
    return `<span class="verdict bad">${v.failedShould.length} SHOULD rule(s) failed (exit code 1, strict)</span>`;
  }
  if (v.exitCode === 1) {
    return `<span class="verdict bad">Stale baseline: ${v.baseline?.stale.length ?? 0} entr(ies) now pass (exit code 1, --strict-baseline)</span>`;
  }
  if (v.exitCode === 2) {
    return `<span class="verdict warn">Incomplete: ${v.incomplete.length} MUST rule(s) not evaluated (exit code 2)</span>`;
  }
  if (v.failedShould.length > 0) {
    return `<span class="verdict warn">${v.failedShould.length} SHOULD rule(s) failed${known} (exit code 0)</span>`;
  }
  return `<span class="verdict ok">Passed: every MUST rule of the selection evaluated, none failed${known ? ` outside the baseline${known}` : ''} (exit code 0)</span>`;
}

/** The metadata under the title: label, selection, depth, seed, catalogue hash, the target's Server header. */
export function htmlMetadata(report: ConformanceReport): string {
  const fields = metadataFields(report.metadata);
  if (fields.length === 0) return '';
  return `<dl id="metadata">${fields.map(([name, value]) => `<dt>${html(name)}</dt><dd><code>${html(value)}</code></dd>`).join('')}</dl>\n`;
}

/**
 * The verdict's sections: the MUST rules that left the run incomplete, the baseline (new, known, stale,
 * unsupported, expired, with each entry's reason), the MUST rules the configuration excluded.
 */
export function htmlVerdictSections(report: ConformanceReport): string {
  const v = report.verdict;
  const byId = new Map(report.rules.map((r) => [r.id, r]));
  const link = (id: RuleId) =>
    `<a href="#rule-${html(id)}">${html(id)}</a> <span class="level">${getRule(id).level}</span>`;
  let out = '';
  if (v.incomplete.length > 0) {
    const items = v.incomplete.map((id) => {
      const r = byId.get(id);
      return `<li>${link(id)} <span class="badge s-${r?.status ?? 'untested'}">${html(r?.status ?? '')}</span> <span class="reason">${html(whyNotEvaluated(r))}</span></li>`;
    });
    out += `<section id="incomplete">\n<h2>Incomplete: MUST rules not evaluated</h2>\n<p>The run cannot be green while these are unknown: fix the set-up, or mark a capability the target does not offer as <code>unsupported</code> in the baseline.</p>\n<ul>\n${items.join('\n')}\n</ul>\n</section>\n`;
  }
  if (v.baseline) {
    const b = v.baseline;
    const group = (id: string, title: string, ids: readonly RuleId[]) => {
      if (ids.length === 0) return '';
      const items = ids.map((rid) => {
        const entry = byId.get(rid)?.baseline;
        const note = entry
          ? ` <span class="reason">— ${html(entry.note)}${entry.until ? ` (until ${html(entry.until)})` : ''}</span>`
          : '';
        return `<li>${link(rid)}${note}</li>`;
      });
      return `<h3 id="baseline-${id}">${html(title)} (${ids.length})</h3>\n<ul>\n${items.join('\n')}\n</ul>\n`;
    };
    const body = [
      group('new', 'New failures (not in the baseline)', b.new),
      group('known', 'Known failures', b.known),
      group(
        'stale',
        `Stale entries: the rule now passes${v.strictBaseline ? ' (fatal: --strict-baseline)' : ''}`,
        b.stale,
      ),
      group('unsupported', 'Unsupported', b.unsupported),
      group('expired', 'Expired entries (no longer counted)', b.expired),
    ].join('');
    out += `<section id="baseline">\n<h2>Baseline <code>${html(b.file)}</code></h2>\n${body || '<p>No entry applied to this run.</p>\n'}</section>\n`;
  }
  if (v.excluded.length > 0) {
    const items = v.excluded.map(
      (g) =>
        `<li><details><summary>${g.rules.length} MUST rule(s) ${html(EXCLUSION_TEXT[g.by])}</summary>${g.rules.map(link).join(', ')}</details></li>`,
    );
    out += `<section id="excluded">\n<h2>Excluded by configuration</h2>\n<ul>\n${items.join('\n')}\n</ul>\n</section>\n`;
  }
  return out;
}

/** The rule's baseline mark as a badge, for its summary line. */
export function htmlBaselineBadge(rule: RuleResult): string {
  return rule.baseline
    ? ` <span class="badge b-${rule.baseline.mark}" title="${html(rule.baseline.note)}">${rule.baseline.mark}</span>`
    : '';
}

function whyNotEvaluated(rule: RuleResult | undefined): string {
  if (!rule) return '';
  if (rule.reason) return rule.reason;
  const error = rule.checks.find((c) => c.status === 'error')?.message;
  return error ? (error.split('\n')[0] ?? error) : 'no check of this rule ran';
}

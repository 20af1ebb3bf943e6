import { getRule, type RuleId } from '../../rules/catalogue.ts';
import { EXCLUSION_TEXT } from '../verdict/text.ts';
import { metadataFields } from './metadata-text.ts';
import type { ConformanceReport } from './model.ts';

/** The headline of `summary.md`: the verdict in a few words. */
export function markdownHeadline(report: ConformanceReport): string {
  if (report.stopped) return `⚠️ stopped (${report.stopped.kind}): partial report`;
  if (report.errors.length > 0) return '⚠️ engine errors';
  const v = report.verdict;
  const known = v.baseline?.known.length ? ` (${v.baseline.known.length} known failure(s))` : '';
  if (v.failedMust.length > 0) return `❌ ${v.failedMust.length} MUST rule(s) failed${known}`;
  if (v.strict && v.failedShould.length > 0) return `❌ ${v.failedShould.length} SHOULD rule(s) failed`;
  if (v.exitCode === 1) return `❌ ${v.baseline?.stale.length ?? 0} stale baseline entr(ies)`;
  if (v.exitCode === 2) return `⚠️ incomplete: ${v.incomplete.length} MUST rule(s) not evaluated`;
  if (v.failedShould.length > 0) return `⚠️ ${v.failedShould.length} SHOULD rule(s) failed${known}`;
  return `✅ passed${known}`;
}

/** The metadata under the headline: label, selection, depth, seed, catalogue hash, Server header. */
export function markdownMetadata(report: ConformanceReport): string[] {
  const fields = metadataFields(report.metadata);
  if (fields.length === 0) return [];
  return [fields.map(([name, value]) => `${name}: \`${value.replace(/`/g, "'")}\``).join(' · '), ''];
}

/**
 * The verdict's details: why a stopped run was stopped, the MUST rules that left the run incomplete, the
 * baseline (new, known, stale, unsupported and expired, each with the entry's reason), and the MUST rules the
 * configuration excluded.
 */
export function markdownVerdict(report: ConformanceReport): string[] {
  const v = report.verdict;
  const out: string[] = [];
  if (report.stopped) {
    out.push(
      `**Stopped (exit code 2):** ${cell(report.stopped.reason)}. The report holds what the run judged before; the rules it did not reach are untested.`,
      '',
    );
  }
  const byId = new Map(report.rules.map((r) => [r.id, r]));
  const line = (id: RuleId, extra = '') => {
    const rule = getRule(id);
    return `- \`${id}\` ${rule.level} ${rule.section}${extra}`;
  };
  const note = (id: RuleId) => {
    const b = byId.get(id)?.baseline;
    return b ? `: ${cell(b.note)}${b.until ? ` (until ${b.until})` : ''}` : '';
  };
  if (v.incomplete.length > 0) {
    out.push('### Incomplete: MUST rules not evaluated', '');
    for (const id of v.incomplete) {
      const r = byId.get(id);
      const why =
        r?.reason ?? r?.checks.find((c) => c.status === 'error')?.message ?? 'no check of the rule ran';
      out.push(line(id, ` (${r?.status}): ${cell(why.split('\n')[0] ?? why)}`));
    }
    out.push('');
  }
  if (v.baseline) {
    const b = v.baseline;
    out.push(`### Baseline \`${b.file}\` (${b.entries} entries)`, '');
    const groups: [string, readonly RuleId[], (id: RuleId) => string][] = [
      ['❌ new failure', b.new, () => ''],
      ['known failure', b.known, note],
      [`stale${v.strictBaseline ? ' (fails the run: --strict-baseline)' : ''}, now passing`, b.stale, note],
      ['unsupported', b.unsupported, note],
      ['expired, no longer counted', b.expired, note],
    ];
    for (const [label, ids, extra] of groups)
      for (const id of ids) out.push(`${line(id, extra(id))} — ${label}`);
    if (groups.every(([, ids]) => ids.length === 0)) out.push('No entry applied to this run.');
    out.push('');
  }
  if (v.excluded.length > 0) {
    out.push('### Excluded by configuration', '');
    for (const group of v.excluded) {
      out.push(`- ${group.rules.length} MUST rule(s) ${EXCLUSION_TEXT[group.by]}: ${group.rules.join(', ')}`);
    }
    out.push('');
  }
  return out;
}

function cell(text: string): string {
  return text.replace(/[\r\n]+/g, ' ').replace(/</g, '&lt;');
}

import { SOURCE_KINDS } from '../../helpers/http/journal.ts';
import { getRule, type RuleId } from '../../rules/catalogue.ts';
import { EXCLUSION_TEXT } from '../verdict/text.ts';
import { metadataFields } from './metadata.ts';
import type { ConformanceReport, RuleResult, RuleStatus } from './model.ts';
import { failureLine, notEvaluatedLine, RULE_STATUSES } from './model.ts';

/** `summary.md`, for CI step summaries: the verdict, the changes, a table by area, the failed rules. */
export function renderMarkdown(report: ConformanceReport): string {
  // The metadata under the headline: label, selection, depth, seed, catalogue hash, Server header.
  const fields = metadataFields(report.metadata).map(([name, value]) => `${name}: \`${code(value)}\``);
  const out = [
    `## Commerce Service API conformance: ${markdownHeadline(report)}`,
    '',
    `Target \`${code(report.target)}\` · started ${report.startedAt} · ${(report.durationMs / 1000).toFixed(1)} s · suite ${report.suiteVersion}${report.verdict.strict ? ' · strict' : ''}${report.shards ? ` · shards ${report.shards.join(', ')}` : ''}${explorationNote(report)}`,
    '',
    ...(fields.length > 0 ? [fields.join(' · '), ''] : []),
    ...markdownVerdict(report),
  ];
  if (report.changes && report.previous) {
    const { newlyFailing, newlyPassing, stillFailing } = report.changes;
    const since = (id: RuleId) => report.rules.find((r) => r.id === id)?.failingSince?.slice(0, 10);
    const changes = [
      ...newlyFailing.map((id) => `- ❌ newly failing: ${ruleLine(id)}`),
      ...newlyPassing.map((id) => `- ✅ newly passing: ${ruleLine(id)}`),
      ...stillFailing.map(
        (id) => `- still failing${since(id) ? ` since ${since(id)}` : ''}: ${ruleLine(id)}`,
      ),
    ];
    const heading = `### Changes since ${report.previous.startedAt}`;
    out.push(heading, '', ...(changes.length ? changes : ['No rule changed.']), '');
  }
  const row = (cells: readonly unknown[]) => `| ${cells.join(' | ')} |`;
  out.push(
    ...historyMarkdown(report),
    row(['Area', ...RULE_STATUSES.map((s) => s[0]?.toUpperCase() + s.slice(1))]),
    `|---|${RULE_STATUSES.map(() => '---:').join('|')}|`,
    ...report.byArea.map((counts) => row([counts.area, ...RULE_STATUSES.map((c) => counts[c])])),
    row(['**all**', ...RULE_STATUSES.map((c) => `**${report.summary[c]}**`)]),
    '',
  );
  const failed = report.rules.filter((r) => r.status === 'failed');
  const failedRow = (rule: RuleResult) => {
    const marks = `${rule.baseline?.mark === 'known' ? ' (known)' : ''}${rule.history?.flaky ? ' (flaky)' : ''}`;
    const since = rule.failingSince?.slice(0, 10) ?? '';
    return row([`\`${rule.id}\`${marks}`, rule.level, rule.section, since, cell(failureLine(rule, ''))]);
  };
  if (failed.length > 0) {
    const head = ['### Failed rules', '', '| Rule | Level | Section | Failing since | First failure |'];
    out.push(...head, '|---|---|---|---|---|', ...failed.map(failedRow), '');
  }
  const probes = (report.skippedProbes ?? []).map((p) => `${p.file} › ${p.name}: ${p.reason}`);
  out.push(...depthSection(report), ...coverageSection(report));
  out.push(...listSection('Probes skipped', probes), ...listSection('Engine errors', report.errors));
  return `${out.join('\n').trimEnd()}\n`;
}

/** ` · 1987 of 2000 exploration requests` (deep profile), or ` · traffic of session.har: 41 of 42 exchanges judged`. */
export function explorationNote(report: ConformanceReport): string {
  const { exploration, traffic } = report;
  if (traffic) {
    const notJudged = traffic.notJudged.map((n) => `${n.count} ${n.reason}`).join('; ');
    const notes = (traffic.notes ?? []).map((note) => ` ${note}`).join('');
    return ` · traffic of ${traffic.sources.join(', ')}: ${traffic.judged} of ${traffic.exchanges} exchanges judged${notJudged ? ` (not judged: ${notJudged})` : ''}${notes}`;
  }
  return exploration ? ` · ${exploration.requests} of ${exploration.budget} exploration requests` : '';
}

/** How hard each rule was pushed: inputs judged, by what sent them, in a folded table. */
function depthSection(report: ConformanceReport): string[] {
  const rows = report.rules.filter((r) => r.inputs !== undefined && r.status !== 'untested');
  if (rows.length === 0) return [];
  return [
    '<details><summary>Depth: inputs judged per rule, by what sent them</summary>',
    '',
    `| Rule | Status | Inputs | ${SOURCE_KINDS.join(' | ')} |`,
    `|---|---|---:|${SOURCE_KINDS.map(() => '---:').join('|')}|`,
    ...rows.map(
      (r) =>
        `| \`${r.id}\` | ${r.status} | ${r.inputs} | ${SOURCE_KINDS.map((kind) => r.bySource?.[kind] ?? 0).join(' | ')} |`,
    ),
    '',
    '</details>',
    '',
  ];
}

const listSection = (title: string, items: readonly string[]) =>
  items.length > 0 ? [`### ${title}`, '', ...items.map((item) => `- ${cell(item)}`), ''] : [];

const ruleLine = (id: RuleId) => `\`${id}\` ${getRule(id).level} ${getRule(id).section}`;

/** Per dimension of the space, one line: the points visited as a bar of ten, the counts, the dimension. */
function coverageSection(report: ConformanceReport): string[] {
  if (!report.coverage?.length) return [];
  const lines = report.coverage.map((d) => {
    const tenths = Math.round((10 * d.visited) / d.points);
    return `- \`${'█'.repeat(tenths)}${'░'.repeat(10 - tenths)}\` ${d.visited} of ${d.points} visited, gate covering set ${d.gateVisited} of ${d.gatePoints}: ${inline(d.title)}`;
  });
  return ['### Coverage of the space the specification allows', '', ...lines, ''];
}

/** The headline of `summary.md`: the verdict in a few words. */
function markdownHeadline(report: ConformanceReport): string {
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

/**
 * The verdict's details: why a stopped run was stopped, the MUST rules that left the run incomplete, the
 * baseline (new, known, stale, unsupported and expired, each with the entry's reason), and the MUST rules the
 * configuration excluded.
 */
function markdownVerdict(report: ConformanceReport): string[] {
  const v = report.verdict;
  const out: string[] = [];
  if (report.stopped) {
    out.push(
      `**Stopped (exit code 2):** ${inline(report.stopped.reason)}. The report holds what the run judged before; the rules it did not reach are untested.`,
      '',
    );
  }
  const byId = new Map(report.rules.map((r) => [r.id, r]));
  const line = (id: RuleId, extra = '') => `- ${ruleLine(id)}${extra}`;
  const note = (id: RuleId) => {
    const b = byId.get(id)?.baseline;
    return b ? `: ${inline(b.note)}${b.until ? ` (until ${b.until})` : ''}` : '';
  };
  if (v.incomplete.length > 0) {
    out.push('### Incomplete: MUST rules not evaluated', '');
    for (const id of v.incomplete) {
      const r = byId.get(id);
      const why = r ? notEvaluatedLine(r, 'no check of the rule ran') : 'no check of the rule ran';
      out.push(line(id, ` (${r?.status}): ${inline(why.split('\n')[0] ?? why)}`));
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
  const excluded = v.excluded.map(
    (g) => `${g.rules.length} MUST rule(s) ${EXCLUSION_TEXT[g.by]}: ${g.rules.join(', ')}`,
  );
  return [...out, ...listSection('Excluded by configuration', excluded)];
}

/** Text on one line, without raw HTML (pipes kept: not in a table). */
const inline = (text: string) => text.replace(/[\r\n]+/g, ' ').replace(/</g, '&lt;');

/** One character per status, for strips in Markdown and plain text. */
export const STATUS_SYMBOL: Readonly<Record<RuleStatus, string>> = {
  passed: '✅',
  failed: '❌',
  error: '⚠️',
  skipped: '⏭️',
  untested: '▫️',
  observed: 'ℹ️',
};

/** The rules failing now or flaky, each with its strip of statuses over the runs, oldest first. */
function historyMarkdown(report: ConformanceReport): string[] {
  const runs = report.history?.runs.length ?? 0;
  const rules = report.rules.filter((r) => r.history?.flaky || r.status === 'failed');
  if (runs < 2 || rules.length === 0) return [];
  return [
    `### Failing or flaky rules: the last ${runs} runs, oldest first`,
    '',
    '| Rule | Level | Section | Flips | Runs |',
    '|---|---|---|---:|---|',
    ...rules.map(
      (r) =>
        `| \`${r.id}\` | ${r.level} | ${r.section} | ${r.history?.flips}${r.history?.flaky ? ' (flaky)' : ''} | ${(r.history?.statuses ?? []).map((s) => STATUS_SYMBOL[s]).join('')} |`,
    ),
    '',
  ];
}

/** Text safe inside a Markdown table cell: no `|` that splits the cell, no line break, no raw HTML. */
export const cell = (text: string) => inline(text.replace(/\|/g, '\\|'));

/** Text safe inside a Markdown code span: its backticks become quotes. */
export const code = (text: string) => text.replace(/`/g, "'");

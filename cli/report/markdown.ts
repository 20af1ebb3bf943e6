import { SOURCE_KINDS } from '../../helpers/http/journal.ts';
import { getRule, type RuleId } from '../../rules/catalogue.ts';
import { cell, code } from './markdown-escape.ts';
import { flakyMarkdown } from './markdown-history.ts';
import { type ConformanceReport, RULE_STATUSES, type RuleResult } from './model.ts';
import { markdownHeadline, markdownMetadata, markdownVerdict } from './verdict-markdown.ts';

/** `summary.md`, for CI step summaries: the verdict, the changes, a table by area, the failed rules. */
export function renderMarkdown(report: ConformanceReport): string {
  const out = [
    `## Commerce Service API conformance: ${markdownHeadline(report)}`,
    '',
    `Target \`${code(report.target)}\` · started ${report.startedAt} · ${(report.durationMs / 1000).toFixed(1)} s · suite ${report.suiteVersion}${report.verdict.strict ? ' · strict' : ''}${report.shards ? ` · shards ${report.shards.join(', ')}` : ''}${explorationNote(report)}`,
    '',
    ...markdownMetadata(report),
    ...markdownVerdict(report),
  ];
  if (report.changes && report.previous) {
    const { newlyFailing, newlyPassing, stillFailing } = report.changes;
    out.push(`### Changes since ${report.previous.startedAt}`, '');
    if (newlyFailing.length + newlyPassing.length + stillFailing.length === 0) out.push('No rule changed.');
    for (const id of newlyFailing) out.push(`- ❌ newly failing: ${ruleLine(id)}`);
    for (const id of newlyPassing) out.push(`- ✅ newly passing: ${ruleLine(id)}`);
    for (const id of stillFailing) {
      const since = report.rules.find((r) => r.id === id)?.failingSince;
      out.push(`- still failing${since ? ` since ${since.slice(0, 10)}` : ''}: ${ruleLine(id)}`);
    }
    out.push('');
  }
  out.push(...flakyMarkdown(report));
  out.push(
    `| Area | ${RULE_STATUSES.map(title).join(' | ')} |`,
    `|---|${RULE_STATUSES.map(() => '---:').join('|')}|`,
  );
  for (const row of report.byArea)
    out.push(`| ${row.area} | ${RULE_STATUSES.map((c) => row[c]).join(' | ')} |`);
  out.push(`| **all** | ${RULE_STATUSES.map((c) => `**${report.summary[c]}**`).join(' | ')} |`, '');
  const failed = report.rules.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    out.push(
      '### Failed rules',
      '',
      '| Rule | Level | Section | Failing since | First failure |',
      '|---|---|---|---|---|',
    );
    for (const rule of failed) out.push(failedRow(rule));
    out.push('');
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

function listSection(title: string, items: readonly string[]): string[] {
  return items.length > 0 ? [`### ${title}`, '', ...items.map((item) => `- ${cell(item)}`), ''] : [];
}

function ruleLine(id: RuleId): string {
  const rule = getRule(id);
  return `\`${id}\` ${rule.level} ${rule.section}`;
}

function failedRow(rule: RuleResult): string {
  const first = rule.checks.find((c) => c.status === 'failed')?.message ?? '';
  const line = (first.split('\n')[0] ?? '').replace(/^\S+ (MUST|SHOULD|INFO) §\S+: /, '');
  const short = line.length > 200 ? `${line.slice(0, 200)}…` : line;
  const flaky = rule.history?.flaky ? ' (flaky)' : '';
  const known = rule.baseline?.mark === 'known' ? ' (known)' : '';
  return `| \`${rule.id}\`${known}${flaky} | ${rule.level} | ${rule.section} | ${rule.failingSince?.slice(0, 10) ?? ''} | ${cell(short)} |`;
}

function title(column: string): string {
  return column[0]?.toUpperCase() + column.slice(1);
}

function coverageSection(report: ConformanceReport): string[] {
  if (!report.coverage?.length) return [];
  return [
    '### Coverage of the space the specification allows',
    '',
    '| Dimension | Visited | Gate covering set | Not visited (first) |',
    '|---|---:|---:|---|',
    ...report.coverage.map(
      (d) =>
        `| ${cell(d.title)} | ${d.visited} of ${d.points} | ${d.gateVisited} of ${d.gatePoints} | ${cell(d.unvisited.slice(0, 5).join(', ')) || '–'} |`,
    ),
    '',
  ];
}

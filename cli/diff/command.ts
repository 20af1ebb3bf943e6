import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { CommandOf, Output } from '../args.ts';
import { cell, code } from '../report/markdown.ts';
import { type ReportSide, readReportsFor } from '../report/write.ts';
import {
  type DiffClass,
  diffReports,
  flattenObservations,
  type ReportDiff,
  type RuleDiff,
} from './compare.ts';

const DIFF_FILES = { markdown: 'diff.md', json: 'diff.json' } as const;

/** `diff A B [--report-dir OUT]`: compares two reports rule by rule; exit code 1 when a rule regressed. */
export function runDiff(command: CommandOf<'diff'>, io: Output): 0 | 1 | 2 {
  const [a, b] = readReportsFor('diff', [command.a, command.b], io.err) ?? [];
  if (!a || !b) return 2;
  const diff = diffReports(a, b);
  const out = resolve(command.out ?? dirname(b.file));
  const markdown = renderDiffMarkdown(diff);
  try {
    mkdirSync(out, { recursive: true });
    writeFileSync(join(out, DIFF_FILES.markdown), markdown);
    writeFileSync(join(out, DIFF_FILES.json), `${JSON.stringify(diff, null, 2)}\n`);
  } catch (error) {
    io.err(`diff: cannot write to ${out}: ${error instanceof Error ? error.message : String(error)}`);
    return 2;
  }
  io.out(markdown.trimEnd());
  io.err(`Diff: ${join(out, DIFF_FILES.markdown)}, ${join(out, DIFF_FILES.json)}`);
  return diff.counts.regression > 0 ? 1 : 0;
}

const HEADINGS: Readonly<Record<Exclude<DiffClass, 'unchanged'>, string>> = {
  regression: '❌ Regressions',
  fix: '✅ Fixes',
  'still-failing': 'Still failing',
  changed: 'Changed',
};

/** Longest value shown in a cell of the observations table. */
const MAX_CELL = 160;

/** `diff.md`: the headline, both reports, the counts, a table per class and the INFO observations side by side. */
export function renderDiffMarkdown(diff: ReportDiff): string {
  const regressions = diff.counts.regression;
  const out = [
    `## Conformance diff: ${regressions > 0 ? `❌ ${regressions} regression(s)` : '✅ no regression'}`,
    '',
    `- **A**: ${sideLine(diff.a)}`,
    `- **B**: ${sideLine(diff.b)}`,
    '',
    '| Regressions | Fixes | Still failing | Changed | Unchanged |',
    '|---:|---:|---:|---:|---:|',
    `| ${diff.counts.regression} | ${diff.counts.fix} | ${diff.counts['still-failing']} | ${diff.counts.changed} | ${diff.counts.unchanged} |`,
    '',
  ];
  for (const kind of Object.keys(HEADINGS) as (keyof typeof HEADINGS)[]) {
    const rules = diff.rules.filter((r) => r.class === kind);
    if (rules.length === 0) continue;
    const failure = kind === 'regression' || kind === 'still-failing';
    const head = `| Rule | Level | Section | A → B |${failure ? ' Failure in B |' : ''}`;
    out.push(`### ${HEADINGS[kind]}`, '', head, `|---|---|---|---|${failure ? '---|' : ''}`);
    for (const r of rules) {
      const row = `| \`${r.id}\` | ${r.level} | ${r.section} | ${status(r.a)} → ${status(r.b)} |`;
      out.push(`${row}${failure ? ` ${cell(r.failure ?? '')} |` : ''}`);
    }
    out.push('');
  }
  const info = diff.rules.filter((r) => r.observations);
  if (info.length > 0) {
    out.push('### INFO observations, side by side', '');
    for (const r of info) out.push(...observationTable(r));
  }
  return `${out.join('\n').trimEnd()}\n`;
}

function observationTable(rule: RuleDiff): string[] {
  const [a, b] = [rule.observations?.a, rule.observations?.b].map((o) =>
    o ? flattenObservations(o) : undefined,
  );
  const keys = [...new Set([...(a?.keys() ?? []), ...(b?.keys() ?? [])])];
  const out = [`#### \`${rule.id}\` ${rule.section}: ${cell(rule.title)}`, ''];
  if (keys.length === 0)
    return [...out, `Nothing observed (A: ${status(rule.a)}, B: ${status(rule.b)}).`, ''];
  out.push('| Observation | A | B | |', '|---|---|---|---|');
  for (const key of keys) {
    const [x, y] = [a?.get(key), b?.get(key)];
    out.push(`| ${cell(key || '(value)')} | ${value(x)} | ${value(y)} | ${x === y ? '' : '≠'} |`);
  }
  return [...out, ''];
}

function sideLine(side: ReportSide): string {
  const target = side.name.includes(side.target) ? '' : ` (\`${code(side.target)}\`)`;
  return `\`${code(side.name)}\`${target} · started ${side.startedAt} · suite ${side.suiteVersion} · \`${code(side.file)}\``;
}

const status = (value: string | null) => value ?? '(absent)';

function value(text: string | undefined): string {
  if (text === undefined) return '—';
  // A code span shows its text as is (no HTML), so only pipes and line breaks need care in a table cell.
  const short = text.length > MAX_CELL ? `${text.slice(0, MAX_CELL)}…` : text;
  return `\`${code(short.replace(/\|/g, '\\|').replace(/[\r\n]+/g, ' '))}\``;
}

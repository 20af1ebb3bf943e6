import type { ConformanceReport, RuleStatus } from './model.ts';

/** One character per status, for strips in Markdown and plain text. */
export const STATUS_SYMBOL: Readonly<Record<RuleStatus, string>> = {
  passed: '✅',
  failed: '❌',
  error: '⚠️',
  skipped: '⏭️',
  untested: '▫️',
  observed: 'ℹ️',
};

/** The "Flaky rules" section of `summary.md`, each with its strip of statuses, oldest first. */
export function flakyMarkdown(report: ConformanceReport): string[] {
  const flaky = report.rules.filter((r) => r.history?.flaky);
  if (!report.history || flaky.length === 0) return [];
  return [
    `### Flaky rules (last ${report.history.runs.length} runs)`,
    '',
    '| Rule | Level | Section | Flips | Runs, oldest first |',
    '|---|---|---|---:|---|',
    ...flaky.map(
      (r) =>
        `| \`${r.id}\` | ${r.level} | ${r.section} | ${r.history?.flips} | ${(r.history?.statuses ?? []).map((s) => STATUS_SYMBOL[s]).join('')} |`,
    ),
    '',
  ];
}

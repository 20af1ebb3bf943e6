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

/** A strip of statuses, oldest first. */
export function statusStrip(statuses: readonly RuleStatus[]): string {
  return statuses.map((s) => STATUS_SYMBOL[s]).join('');
}

/**
 * The "Flaky rules" section of `summary.md`: each rule whose status flipped at least twice in the runs of
 * `history.json`, with its flips and its strip (oldest first, this run last); no lines when there are none.
 */
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
        `| \`${r.id}\` | ${r.level} | ${r.section} | ${r.history?.flips} | ${statusStrip(r.history?.statuses ?? [])} |`,
    ),
    '',
  ];
}

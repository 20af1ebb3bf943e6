import type { ConformanceReport, StatusCounts } from './report/model.ts';
import { RULE_STATUSES } from './report/model.ts';

/** The end-of-run table: rules by area and status, with a total row. */
export function areaTable(report: ConformanceReport): string {
  const header = ['area', ...RULE_STATUSES];
  const rows: string[][] = report.byArea.map((row) => [row.area, ...numbers(row)]);
  rows.push(['all', ...numbers(report.summary)]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const format = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] ?? 0) : c.padStart(widths[i] ?? 0))).join('  ');
  const rule = widths.map((w) => '─'.repeat(w)).join('  ');
  return [format(header), rule, ...rows.slice(0, -1).map(format), rule, format(rows.at(-1) ?? [])].join('\n');
}

function numbers(counts: StatusCounts): string[] {
  return RULE_STATUSES.map((s) => String(counts[s]));
}

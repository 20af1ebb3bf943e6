/** The pictures of the HTML pages: inline SVG drawn from what a report already holds (no script, no network). */

import type { RuleLevel } from '../../rules/catalogue.ts';
import { html } from './html-assets.ts';
import { type ConformanceReport, RULE_STATUSES, type RuleResult } from './model.ts';

/** An SVG named by `label` for assistive technology (`aria-label`) and on hover (`<title>`). */
function svg(cls: string, width: number | string, height: number, label: string, body: string): string {
  return `<svg class="${cls}" width="${width}" height="${height}" role="img" aria-label="${html(label)}"><title>${html(label)}</title>${body}</svg>`;
}

/** A horizontal bar of `parts` (a count by class of the page's style) over `total`, 100% wide. */
export function bar(parts: Readonly<Record<string, number>>, total: number, label: string): string {
  let x = 0;
  const rects = Object.entries(parts).map(([cls, n]) => {
    const width = total > 0 ? Math.round((1000 * n) / total) / 10 : 0;
    x += width;
    return `<rect class="${cls}" x="${x - width}%" width="${width}%" height="100%"/>`;
  });
  return svg('bar', '100%', 10, label, `<rect class="track" width="100%" height="100%"/>${rects.join('')}`);
}

/** Consecutive equal values as streaks: `[value, first index, last index]`. */
function streaks<T>(values: readonly T[]): [T, number, number][] {
  const out: [T, number, number][] = [];
  values.forEach((value, i) => {
    const last = out[out.length - 1];
    if (last && last[0] === value) last[2] = i;
    else out.push([value, i, i]);
  });
  return out;
}

const CELL = 12;
const ROW = 16;
const when = (run?: { startedAt: string }) => run?.startedAt.slice(0, 16).replace('T', ' ') ?? '';

/**
 * The history: per area, its rules × the runs of `history.json` (oldest first, this run outlined), a streak of
 * one status as one bar; then the MUST and SHOULD rules passed per run. Empty for fewer than two runs.
 */
export function historyPictures(report: ConformanceReport): string {
  const runs = report.history?.runs ?? [];
  if (runs.length < 2) return '';
  const areas = [...new Set(report.rules.map((r) => r.area))];
  const grid = (area: string) => {
    const rules = report.rules.filter((r) => r.area === area);
    const height = rules.length * ROW;
    const cells: string[] = [];
    const said = rules.map((r, i) => {
      const row = streaks(r.history?.statuses ?? []);
      for (const [status, from, to] of row) {
        const title = `${r.id}: ${status}, ${when(runs[from])}${to > from ? ` to ${when(runs[to])} (${to - from + 1} runs)` : ''}`;
        cells.push(
          `<rect class="s-${status}" x="${from * CELL + 1}" y="${i * ROW + 2}" width="${(to - from + 1) * CELL - 2}" height="${ROW - 4}"><title>${html(title)}</title></rect>`,
        );
      }
      return `${r.id} ${row.map(([status, from, to]) => `${status} ×${to - from + 1}`).join(', ')}`;
    });
    const cuts = `<path class="cut" d="${runs.map((_, i) => `M${i * CELL} 0V${height}`).join('')}"/>`;
    const now = `<rect class="now" x="${(runs.length - 1) * CELL + 0.5}" y="0.5" width="${CELL - 1}" height="${height - 1}"/>`;
    const label = `${area}, last ${runs.length} runs, oldest first: ${said.join('; ')}`;
    return `<figure><figcaption>${html(area)}</figcaption><div class="grid"><ul>${rules.map((r) => `<li><a href="#rule-${html(r.id)}">${html(r.id)}</a></li>`).join('')}</ul><div>${svg('grid', runs.length * CELL, height, label, cells.join('') + cuts + now)}</div></div></figure>`;
  };
  return `<section id="history">\n<h2>History: the last ${runs.length} runs</h2>\n<p class="legend">Oldest first, this run outlined: ${RULE_STATUSES.map((s) => `<span><svg width="12" height="12" aria-hidden="true"><rect class="s-${s}" width="12" height="12"/></svg> ${s}</span>`).join(' ')}</p>\n<div class="pictures">${areas.map(grid).join('\n')}</div>\n<div class="pictures">${passes(report.rules, runs, 'MUST')}${passes(report.rules, runs, 'SHOULD')}</div>\n</section>\n`;
}

/** The rules of `level` passed per run as a line, its axis from a little under the least to all of them. */
function passes(all: readonly RuleResult[], runs: readonly { startedAt: string }[], level: RuleLevel) {
  const rules = all.filter((r) => r.level === level);
  const total = rules.length;
  if (total === 0) return '';
  const counts = runs.map((_, i) => rules.filter((r) => r.history?.statuses[i] === 'passed').length);
  const low = Math.max(0, Math.min(...counts) - 2);
  const [width, height, left, right, top, bottom] = [360, 120, 28, 44, 22, 20];
  const x = (i: number) => left + (i * (width - left - right)) / (runs.length - 1);
  const y = (n: number) => top + ((total - n) * (height - top - bottom)) / Math.max(1, total - low);
  const tick = (n: number) =>
    `<line class="rule" x1="${left}" x2="${width - right}" y1="${y(n)}" y2="${y(n)}"/><text x="${left - 4}" y="${y(n) + 4}" text-anchor="end">${n}</text>`;
  const points = counts.map(
    (n, i) =>
      `<circle class="${n < total ? 'below' : 's-passed'}" cx="${x(i)}" cy="${y(n)}" r="3.5"><title>${html(`${when(runs[i])}: ${n} of ${total} ${level} rules passed`)}</title></circle>`,
  );
  const last = counts[counts.length - 1] ?? 0;
  const body = `<text x="0" y="12" class="head">${level} rules passed</text>${tick(total)}${low < total ? tick(low) : ''}<polyline class="line" points="${counts.map((n, i) => `${x(i)},${y(n)}`).join(' ')}"/>${points.join('')}<text x="${width - right + 8}" y="${y(last) + 4}">${last}/${total}</text><text x="${left}" y="${height - 4}">${when(runs[0])}</text><text x="${width - right}" y="${height - 4}" text-anchor="end">this run</text>`;
  const label = `${level} rules passed over the last ${runs.length} runs, oldest first: ${counts.join(', ')} of ${total}`;
  return svg('passes', width, height, label, body);
}

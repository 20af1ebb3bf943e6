import { describe, expect, it } from 'vitest';
import { flakyNights } from '../../test-support/cli/history.ts';
import { collected, report } from '../../test-support/cli/make.ts';
import { bar, historyPictures } from './pictures.ts';

describe('the pictures', () => {
  it('a bar lays its parts end to end in percent of the total, named by its label', () => {
    const svg = bar({ 's-passed': 3, 's-failed': 1 }, 8, 'MUST: 3 passed, 1 failed <of 8>');
    expect(svg).toMatch(
      /^<svg class="bar" width="100%" height="10" role="img" aria-label="MUST: 3 passed, 1 failed &lt;of 8&gt;">/,
    );
    expect(svg).toContain('<title>MUST: 3 passed, 1 failed &lt;of 8&gt;</title>');
    expect(svg).toContain(
      '<rect class="s-passed" x="0%" width="37.5%" height="100%"/><rect class="s-failed" x="37.5%" width="12.5%" height="100%"/>',
    );
    expect(bar({ 's-passed': 0 }, 0, 'none')).toContain('<rect class="s-passed" x="0%" width="0%"');
  });

  it('the MUST line has a point per run, lower where fewer rules passed', () => {
    const { last } = flakyNights();
    const page = historyPictures(last.report);
    const must = page.match(/<svg class="passes"[\s\S]*?<\/svg>/)?.[0] ?? '';
    expect(must).toMatch(/aria-label="MUST rules passed over the last 3 runs, oldest first: 3, 1, 2 of \d+"/);
    const heights = [...must.matchAll(/<circle class="(\w+)" cx="([\d.]+)" cy="([\d.]+)"/g)].map(
      (m) => [m[1], Number(m[2]), Number(m[3])] as const,
    );
    expect(heights).toHaveLength(3);
    const [a, b, c] = heights.map(([, , cy]) => cy);
    expect(b).toBeGreaterThan(c ?? 0);
    expect(c).toBeGreaterThan(a ?? 0);
    expect(heights.map(([, cx]) => cx)).toEqual([...heights.map(([, cx]) => cx)].sort((x, y) => x - y));
    expect(heights.every(([cls]) => cls === 'below')).toBe(true);
    expect(page).toContain('<text x="0" y="12" class="head">SHOULD rules passed</text>');
  });

  it('draws nothing for a single run', () => {
    expect(historyPictures(report([collected('INT-GET', 'passed')]))).toBe('');
  });
});

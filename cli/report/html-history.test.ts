import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { flakyNights } from '../../test-support/cli/history.ts';
import { collected, report } from '../../test-support/cli/make.ts';
import { renderHtml } from './html.ts';
import { REPORT_FILES } from './write.ts';

describe('history in the reports', () => {
  const { dir, last } = flakyNights();
  const read = (name: string) => readFileSync(join(dir, name), 'utf8');

  it('conformance.json marks the flaky rule, per rule and in the summary', () => {
    const json = JSON.parse(read(REPORT_FILES.json));
    expect(json.history.flaky).toEqual(['INT-GET']);
    const byId = (id: string) => json.rules.find((r: { id: string }) => r.id === id);
    expect(byId('INT-GET').history).toEqual({
      statuses: ['passed', 'failed', 'passed'],
      flips: 2,
      flaky: true,
    });
    expect(byId('INT-SCHEMA').history.flaky).toBe(false);
  });

  it('conformance.html draws the history grid, a row of streaks per rule, and a flaky section', () => {
    const page = read(REPORT_FILES.html);
    const grid = page.match(/<figure><figcaption>integrations<\/figcaption>[\s\S]*?<\/figure>/)?.[0] ?? '';
    expect(grid).toContain('INT-SCHEMA passed ×1, failed ×2; INT-GET passed ×1, failed ×1, passed ×1;');
    const cells = (id: string) =>
      [
        ...grid.matchAll(
          new RegExp(`<rect class="s-(\\w+)" x="(\\d+)"[^>]*width="(\\d+)"[^>]*><title>${id}: `, 'g'),
        ),
      ].map((m) => m.slice(1).join(' '));
    expect(cells('INT-GET')).toEqual(['passed 1 10', 'failed 13 10', 'passed 25 10']);
    expect(cells('INT-SCHEMA')).toEqual(['passed 1 10', 'failed 13 22']);
    expect(grid).toContain(
      '<title>INT-SCHEMA: failed, 2026-11-20 02:00 to 2026-11-21 02:00 (2 runs)</title>',
    );
    expect(page).toContain('<span class="badge flaky"');
    expect(page).toMatch(/<section id="flaky">[\s\S]*INT-GET[\s\S]*<\/section>/);
    expect(page.match(/<section id="flaky">[\s\S]*?<\/section>/)?.[0]).not.toContain('INT-SCHEMA');
  });

  it('conformance.html has no history and no flaky section for a report without history', () => {
    const page = renderHtml(report([collected('INT-GET', 'passed')]));
    expect(page).not.toContain('id="history"');
    expect(page).not.toContain('id="flaky"');
  });

  it('summary.md gives the failing and the flaky rules their strip, and marks the flaky one', () => {
    const md = read(REPORT_FILES.markdown);
    expect(md).toContain('### Failing or flaky rules: the last 3 runs, oldest first');
    expect(md).toMatch(/\| `INT-GET` \| MUST \| §\S+ \| 2 \(flaky\) \| ✅❌✅ \|/);
    expect(md).toMatch(/\| `INT-SCHEMA` \| MUST \| §\S+ \| 1 \| ✅❌❌ \|/);
    expect(md).not.toContain('`INT-DELETE` | MUST');
    expect(last.report.rules.find((r) => r.id === 'INT-SCHEMA')?.status).toBe('failed');
  });

  it('junit.xml gives the cases of the flaky rule the properties flaky and flips', () => {
    const xml = read(REPORT_FILES.junit);
    const testcase = (id: string) =>
      xml.match(new RegExp(`<testcase classname="${id}"[\\s\\S]*?</testcase>`))?.[0];
    expect(testcase('INT-GET')).toContain(
      '<properties><property name="flaky" value="true"/><property name="flips" value="2"/></properties>',
    );
    expect(testcase('INT-SCHEMA')).not.toContain('<properties>');
  });
});

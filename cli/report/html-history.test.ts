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

  it('conformance.html shows a strip per rule, the flaky badge and a flaky section', () => {
    const page = read(REPORT_FILES.html);
    const summary = (id: string) => page.match(new RegExp(`id="rule-${id}"[\\s\\S]*?</summary>`))?.[0] ?? '';
    expect(summary('INT-GET')).toContain('<span class="badge flaky"');
    expect(summary('INT-GET')).toContain('aria-label="last 3 runs: passed, failed, passed"');
    expect(summary('INT-SCHEMA')).not.toContain('flaky');
    expect(summary('INT-SCHEMA')).toContain('aria-label="last 3 runs: passed, failed, failed"');
    expect(page).toMatch(/<section id="flaky">[\s\S]*INT-GET[\s\S]*<\/section>/);
    expect(page.match(/<section id="flaky">[\s\S]*?<\/section>/)?.[0]).not.toContain('INT-SCHEMA');
  });

  it('conformance.html has no strip and no flaky section for a report without history', () => {
    const page = renderHtml(report([collected('INT-GET', 'passed')]));
    expect(page).not.toContain('class="strip"');
    expect(page).not.toContain('id="flaky"');
  });

  it('summary.md lists the flaky rule with its strip, and marks it among the failed rules', () => {
    const md = read(REPORT_FILES.markdown);
    expect(md).toContain('### Flaky rules (last 3 runs)');
    expect(md).toContain('| `INT-GET` | MUST | §');
    expect(md).toMatch(/\| `INT-GET` \| MUST \| §\S+ \| 2 \| ✅❌✅ \|/);
    expect(md).not.toMatch(/\| `INT-SCHEMA` \| MUST \| §\S+ \| 1 \|/);
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

import { describe, expect, it } from 'vitest';
import { collected, failingReport, report } from '../test-support/make.ts';
import { renderMarkdown } from './markdown.ts';

describe('renderMarkdown', () => {
  it('is a short summary: the verdict, a table by area with a total row, the failed rules', () => {
    const md = renderMarkdown(failingReport('{}'));
    expect(md).toMatch(/^## Commerce Service API conformance: ❌ 1 MUST rule\(s\) failed\n/);
    expect(md).toContain('| Area | Passed | Failed | Skipped | Error | Untested | Observed |');
    expect(md).toMatch(/\| integrations \| 1 \| 1 \| 0 \| 0 \| \d+ \| 0 \|/);
    expect(md).toMatch(/\| \*\*all\*\* \| \*\*1\*\* \| \*\*1\*\* \|/);
    expect(md).toContain(
      '| `INT-SELF-LINK` | MUST | §2.2 |  | expected data.links.self to be an absolute URL, got undefined (GET http://127.0.0.1:4010/v2/integrations/abc) |',
    );
    expect(md.split('\n').length).toBeLessThan(40);
  });

  it('keeps table cells intact whatever the message holds', () => {
    const md = renderMarkdown(
      report([
        collected('INT-GET', 'failed', {
          message: 'INT-GET MUST §4.2: expected a|b, got <img src=x>\nline 2',
        }),
      ]),
    );
    expect(md).toContain('| expected a\\|b, got &lt;img src=x> |');
  });

  it('says passed when nothing failed', () => {
    expect(renderMarkdown(report([collected('INT-GET', 'passed')]))).toMatch(/: ✅ passed\n/);
  });
});

import { describe, expect, it } from 'vitest';
import { collected, failingReport, report } from '../../test-support/cli/make.ts';
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

  it('says passed when nothing failed and every selected MUST rule was evaluated, incomplete otherwise', () => {
    const only = { filter: { rules: ['INT-GET'], areas: [] } };
    expect(renderMarkdown(report([collected('INT-GET', 'passed')], only))).toMatch(/: ✅ passed\n/);
    const md = renderMarkdown(
      report([collected('INT-GET', 'skipped', { reason: 'no order could be made' })], only),
    );
    expect(md).toMatch(/: ⚠️ incomplete: 1 MUST rule\(s\) not evaluated\n/);
    expect(md).toContain('### Incomplete: MUST rules not evaluated');
    expect(md).toContain('- `INT-GET` MUST §4.2 (skipped): no order could be made');
    expect(md).toMatch(/### Excluded by configuration\n\n- \d+ MUST rule\(s\) not in the selection/);
  });

  it('shows the metadata, and known, new and stale failures of the baseline separately', () => {
    const md = renderMarkdown(
      report(
        [
          collected('INT-GET', 'failed', { message: 'INT-GET MUST §4.2: expected a, got b' }),
          collected('INT-SCHEMA', 'failed', { message: 'INT-SCHEMA MUST §2.2: expected c, got d' }),
          collected('INT-DELETE', 'passed'),
        ],
        {
          filter: { rules: ['INT-GET', 'INT-SCHEMA', 'INT-DELETE'], areas: [] },
          label: 'staging',
          server: 'nginx/1.25',
          baseline: {
            file: 'conformance-baseline.json',
            entries: [
              { rule: 'INT-GET', reason: 'TICKET-12' },
              { rule: 'INT-DELETE', reason: 'TICKET-7', until: '2099-01-01' },
            ],
          },
        },
      ),
    );
    expect(md).toMatch(
      /^## Commerce Service API conformance: ❌ 1 MUST rule\(s\) failed \(1 known failure\(s\)\)\n/,
    );
    expect(md).toMatch(
      /Label: `staging` · Selection: `--rule INT-GET --rule INT-SCHEMA --rule INT-DELETE` · Depth: `gate` · Seed: `none` · Rule catalogue: `sha256:[0-9a-f]{64}` · Server: `nginx\/1.25`/,
    );
    expect(md).toContain('### Baseline `conformance-baseline.json` (2 entries)');
    expect(md).toContain('- `INT-SCHEMA` MUST §2.2 — ❌ new failure');
    expect(md).toContain('- `INT-GET` MUST §4.2: TICKET-12 — known failure');
    expect(md).toContain('- `INT-DELETE` MUST §4.2: TICKET-7 (until 2099-01-01) — stale, now passing');
    expect(md).toContain('| `INT-GET` (known) | MUST |');
  });
});

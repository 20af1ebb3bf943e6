import { describe, expect, it } from 'vitest';
import { collected, report } from '../../test-support/cli/make.ts';
import { renderDiffMarkdown } from './command.ts';
import { diffReports, flattenObservations } from './compare.ts';

describe('flattenObservations', () => {
  it('opens objects two levels deep and shows the rest as JSON with sorted keys', () => {
    expect(
      Object.fromEntries(
        flattenObservations({
          'missing token': { status: 401, body: { z: 1, a: [1, 2] }, contentType: null },
          present: true,
        }),
      ),
    ).toEqual({
      'missing token.status': '401',
      'missing token.body': '{"a":[1,2],"z":1}',
      'missing token.contentType': 'null',
      present: 'true',
    });
  });
});

describe('renderDiffMarkdown', () => {
  const a = report([
    collected('INT-GET', 'passed'),
    collected('AUTH-STATUS', 'observed', {
      observations: { 'missing token': { status: 401, body: 'a|b' }, detail: 'send <token>' },
    }),
  ]);
  const b = report([
    collected('INT-GET', 'failed', { message: 'INT-GET MUST §2.2: expected 200, got <500>' }),
    collected('AUTH-STATUS', 'observed', { observations: { 'missing token': { status: 403, body: 'a|b' } } }),
  ]);
  const md = renderDiffMarkdown(
    diffReports(
      { report: a, file: 'a/conformance.json', name: 'staging' },
      { report: b, file: 'b/conformance.json', name: 'http://127.0.0.1:4010' },
    ),
  );

  it('leads with the regressions, names both reports and lists each class', () => {
    expect(md.split('\n')[0]).toBe('## Conformance diff: ❌ 1 regression(s)');
    expect(md).toContain('- **A**: `staging` (`http://127.0.0.1:4010`) · started');
    expect(md).toContain('- **B**: `http://127.0.0.1:4010` · started');
    expect(md).toMatch(/### ❌ Regressions\n\n\| Rule \| Level \| Section \| A → B \| Failure in B \|/);
    expect(md).toContain('| `INT-GET` | MUST | §');
    expect(md).toContain('passed → failed | INT-GET MUST §2.2: expected 200, got &lt;500> |');
    expect(md).not.toContain('### ✅ Fixes');
  });

  it('shows INFO observations side by side, marking the rows that differ', () => {
    expect(md).toContain('### INFO observations, side by side');
    expect(md).toContain('| missing token.status | `401` | `403` | ≠ |');
    expect(md).toContain('| missing token.body | `"a\\|b"` | `"a\\|b"` |  |');
    // A code span shows `<` as is: no entity inside it.
    expect(md).toContain('| detail | `"send <token>"` | — | ≠ |');
    expect(md).toMatch(/#### `PAGE-RESULTS-ALL` .*\n\nNothing observed \(A: untested, B: untested\)\./);
  });

  it('says so when nothing regressed', () => {
    const same = renderDiffMarkdown(
      diffReports({ report: a, file: 'a', name: 'x' }, { report: a, file: 'a', name: 'x' }),
    );
    expect(same.split('\n')[0]).toBe('## Conformance diff: ✅ no regression');
  });
});

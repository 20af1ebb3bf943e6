import { describe, expect, it } from 'vitest';
import { collected, report } from '../../test-support/cli/make.ts';
import { renderHtml } from '../report/html.ts';
import { renderMarkdown } from '../report/markdown.ts';
import { verdictLines } from './text.ts';

const only = { filter: { rules: ['INT-GET', 'INT-SCHEMA'], areas: [] } };
const interrupted = { kind: 'interrupted', reason: 'Interrupted' } as const;

describe('the report of a run stopped before its end', () => {
  it('is exit code 2 (incomplete) whatever passed, and says why it was stopped', () => {
    const green = report([collected('INT-GET', 'passed'), collected('INT-SCHEMA', 'passed')], only);
    expect(green.verdict).toMatchObject({ exitCode: 0, outcome: 'passed' });
    expect(green.stopped).toBeUndefined();
    const r = report([collected('INT-GET', 'passed'), collected('INT-SCHEMA', 'passed')], {
      ...only,
      stopped: interrupted,
    });
    expect(r.stopped).toEqual(interrupted);
    expect(r.verdict).toMatchObject({ exitCode: 2, outcome: 'incomplete', incomplete: [] });
    expect(verdictLines(r)[0]).toBe(
      'Exit code 2: the run was stopped (Interrupted); the report holds what it judged before.',
    );
  });

  it('keeps what it judged, failures included, and leaves the rules it did not reach untested', () => {
    const r = report([collected('INT-GET', 'failed', { message: 'INT-GET MUST §4.2: expected a, got b' })], {
      ...only,
      stopped: { kind: 'deadline', reason: 'The run passed its deadline' },
    });
    const status = (id: string) => r.rules.find((x) => x.id === id)?.status;
    expect(status('INT-GET')).toBe('failed');
    expect(status('INT-SCHEMA')).toBe('untested');
    expect(r.verdict).toMatchObject({
      exitCode: 2,
      outcome: 'incomplete',
      failedMust: ['INT-GET'],
      incomplete: ['INT-SCHEMA'],
    });
    expect(verdictLines(r)[0]).toBe(
      'Exit code 2: the run was stopped (The run passed its deadline); the report holds what it judged before. MUST failed: INT-GET.',
    );
  });

  it('says it was stopped before engine errors, in the lines, the Markdown and the HTML headers', () => {
    const r = report([collected('INT-GET', 'passed')], {
      ...only,
      errors: ['suites/x.conformance.ts: boom'],
      stopped: { kind: 'breaker', reason: 'The target stopped answering (<x>); the run was stopped' },
    });
    expect(verdictLines(r)[0]).toMatch(/^Exit code 2: the run was stopped \(The target stopped answering/);
    const md = renderMarkdown(r);
    expect(md).toMatch(/^## Commerce Service API conformance: ⚠️ stopped \(breaker\): partial report\n/);
    expect(md).toContain(
      '**Stopped (exit code 2):** The target stopped answering (&lt;x>); the run was stopped. The report holds',
    );
    const page = renderHtml(r);
    expect(page).toContain(
      '<p id="verdict"><span class="verdict warn">Stopped: The target stopped answering (&lt;x&gt;); the run was stopped (exit code 2)</span>',
    );
  });
});

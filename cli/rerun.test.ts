import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collected, report } from '../test-support/cli/make.ts';
import { rulesToRerun } from './commands.ts';
import { ReportFileError, readReportAt, writeReports } from './report/write.ts';

const previous = report(
  [
    collected('INT-GET', 'failed', { message: 'x' }),
    collected('INT-SCHEMA', 'error', { message: 'not evaluated: timeout' }),
    collected('INT-DELETE', 'skipped', { reason: 'the integration could not be made' }),
    collected('INT-SELF-LINK', 'passed'),
    collected('INT-NOT-FOUND', 'failed', { message: 'y' }),
    collected('AUTH-STATUS', 'observed', { observations: { a: 1 } }),
  ],
  { filter: { rules: [], areas: ['integrations', 'authentication'] } },
);

describe('--rerun-failed', () => {
  it('chooses the rules that failed, were not evaluated, or left the run incomplete, in catalogue order', () => {
    const rules = rulesToRerun(previous);
    expect(rules).toEqual(expect.arrayContaining(['INT-GET', 'INT-SCHEMA', 'INT-DELETE', 'INT-NOT-FOUND']));
    // The integrations and authentication MUST rules that never ran left it incomplete too; nothing passed,
    // observed (INFO) or outside the filter is chosen.
    expect(rules).not.toContain('INT-SELF-LINK');
    expect(rules).not.toContain('AUTH-STATUS');
    expect(rules).not.toContain('TXN-LIST');
    expect(new Set(rules)).toEqual(
      new Set([...previous.verdict.incomplete, 'INT-GET', 'INT-SCHEMA', 'INT-NOT-FOUND']),
    );
  });

  it('reads a conformance.json or the directory that holds it, and refuses anything else', () => {
    const dir = mkdtempSync(join(tmpdir(), 'rerun-'));
    writeReports(dir, previous, [], 30);
    expect(readReportAt(dir).file).toBe(join(dir, 'conformance.json'));
    expect(rulesToRerun(readReportAt(dir).report)).toEqual(rulesToRerun(previous));
    expect(rulesToRerun(readReportAt(join(dir, 'conformance.json')).report)).toEqual(rulesToRerun(previous));
    expect(() => readReportAt(join(dir, 'junit.xml'))).toThrow(ReportFileError);
    expect(() => readReportAt(join(dir, 'nothing'))).toThrow(/no such file/);
  });
});

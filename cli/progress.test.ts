import { describe, expect, it } from 'vitest';
import { collected } from '../test-support/cli/make.ts';
import { progressLine } from './commands.ts';

describe('progressLine', () => {
  it('shows one symbol and the name per check; the reason or the message where there is one', () => {
    expect(progressLine(collected('INT-GET', 'passed'))).toBe('✓ INT-GET MUST: a check');
    expect(progressLine(collected('AUTH-STATUS', 'observed'))).toBe('✓ AUTH-STATUS MUST: a check');
    expect(progressLine(collected('INT-GET', 'skipped', { reason: 'read-only mode' }))).toBe(
      '↓ INT-GET MUST: a check (skipped: read-only mode)',
    );
    expect(progressLine(collected('INT-GET', 'error', { message: 'not evaluated: timeout' }))).toBe(
      '! INT-GET MUST: a check\n    not evaluated: timeout',
    );
    const long = ['INT-SCHEMA MUST §2.2: expected x, got ', 'a: 1', 'b: 2', 'c: 3', 'd: 4', 'e: 5'].join(
      '\n',
    );
    expect(progressLine(collected('INT-SCHEMA', 'failed', { message: long })).split('\n')).toEqual([
      '× INT-SCHEMA MUST: a check',
      '    INT-SCHEMA MUST §2.2: expected x, got ',
      '    a: 1',
      '    b: 2',
      '    c: 3',
      '    … (2 more lines in the reports)',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import type { Fault } from '../reference/faults/fault.ts';
import { formatMatrix, isExact, matrixRow, type RunSummary } from './fault-matrix.ts';

const fault: Fault = {
  name: 'limit-plus-one',
  rule: 'PAGE-LIMIT',
  description: 'page[limit]=n answers n + 1 records.',
  collateral: { 'PAGE-COUNTS': 'meta.page.total is that of limit n + 1.' },
  install: () => {},
};
const run = (failed: string[]): RunSummary => ({
  exitCode: 1,
  failed,
  unevaluated: [],
  skipped: {},
  reportDir: '/tmp/x',
});

describe('a row of the fault matrix', () => {
  it('is exact when the run fails the fault rule and exactly its declared collateral', () => {
    const row = matrixRow(fault, run(['PAGE-COUNTS', 'PAGE-LIMIT']));
    expect(row).toMatchObject({ caught: true, collateral: ['PAGE-COUNTS'], undeclared: [], unfailed: [] });
    expect(isExact(row)).toBe(true);
  });

  it('names an undeclared failure, and a declared one that passed', () => {
    const row = matrixRow(fault, run(['PAGE-LIMIT', 'AUTH-REQUIRED']));
    expect(row.undeclared).toEqual(['AUTH-REQUIRED']);
    expect(row.unfailed).toEqual(['PAGE-COUNTS']);
    expect(isExact(row)).toBe(false);
    expect(formatMatrix([row])).toMatch(/PAGE-LIMIT\s+yes\s+!AUTH-REQUIRED \?PAGE-COUNTS/);
  });

  it('is not exact when the fault rule itself passed, even with the collateral failing', () => {
    const row = matrixRow(fault, run(['PAGE-COUNTS']));
    expect(row.caught).toBe(false);
    expect(isExact(row)).toBe(false);
  });
});

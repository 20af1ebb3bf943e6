import { describe, expect, it } from 'vitest';
import type { Fault } from '../reference/faults/fault.ts';
import {
  describeDifference,
  formatMatrix,
  isExact,
  matrixRow,
  type RunSummary,
  sameVerdicts,
} from './fault-matrix.ts';

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

describe('the two runs of a pair', () => {
  it('give the same verdicts when they failed the same rules, in any order', () => {
    const pair = (a: string[], b: string[]) => ({
      fault,
      rows: [matrixRow(fault, run(a)), matrixRow(fault, run(b))],
    });
    expect(sameVerdicts(pair(['PAGE-LIMIT', 'PAGE-COUNTS'], ['PAGE-COUNTS', 'PAGE-LIMIT']))).toBe(true);
    expect(sameVerdicts({ fault, rows: [matrixRow(fault, run(['PAGE-LIMIT']))] })).toBe(true);
    const differing = pair(['PAGE-LIMIT', 'PAGE-COUNTS'], ['PAGE-LIMIT']);
    expect(sameVerdicts(differing)).toBe(false);
    expect(describeDifference(differing)).toBe(
      'limit-plus-one: run 1 failed PAGE-LIMIT PAGE-COUNTS; run 2 failed PAGE-LIMIT',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { UNSEEN_FAULTS } from '../reference/faults/unseen/faults.ts';
import { matrixRow, type RunSummary } from './fault-matrix.ts';
import { caughtShare, formatUnseen, parseUnseenArgs } from './unseen-faults.ts';

const run = (failed: string[]): RunSummary => ({
  exitCode: failed.length > 0 ? 1 : 0,
  failed,
  unevaluated: [],
  skipped: {},
  reportDir: '/tmp/x',
});

describe('scripts/unseen-faults.ts', () => {
  it('reads --depth, --seed and fault names, and refuses anything else', () => {
    const name = UNSEEN_FAULTS[0]?.name as string;
    expect(parseUnseenArgs([])).toEqual({ depth: 'gate', seed: 1, names: [] });
    expect(parseUnseenArgs(['--depth', 'deep', '--seed', '2', name])).toEqual({
      depth: 'deep',
      seed: 2,
      names: [name],
    });
    expect(() => parseUnseenArgs(['--depth', 'deeper'])).toThrow(/gate or deep/);
    expect(() => parseUnseenArgs(['--seed', 'x'])).toThrow(/integer/);
    expect(() => parseUnseenArgs(['no-such-fault'])).toThrow(/no unseen fault named no-such-fault/);
  });

  it('counts the faults caught on their rule, per class and in all; an undeclared failure is marked', () => {
    // One fault three times: caught on its rule, failing another rule only, not caught.
    const fault = UNSEEN_FAULTS[0] as never;
    const rows = [
      matrixRow(fault, run([UNSEEN_FAULTS[0]?.rule as string])),
      matrixRow(fault, run(['HTTP-JSON'])),
      matrixRow(fault, run([])),
    ];
    expect(caughtShare(rows)).toBe('caught 1 of 3 (33.3 %)');
    const text = formatUnseen(rows, { depth: 'deep', seed: 2, names: [] });
    expect(text).toContain('Unseen faults, deep, seed 2:');
    expect(text).toContain('!HTTP-JSON');
    expect(text).toMatch(/sequences\s+caught 1 of 3 \(33\.3 %\)/);
    expect(text).toMatch(/total\s+caught 1 of 3 \(33\.3 %\)/);
  });
});

import { describe, expect, it } from 'vitest';
import { type Cost, describeCostRatio, measure, median, summarise } from './cost-ratio.ts';

const cost = (wallMs: number, cpuMs: number | undefined, exitCode = 0): Cost => ({ wallMs, cpuMs, exitCode });

describe('cost ratio of npm run bench', () => {
  it('takes medians, and the median of the pair-by-pair ratios', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    const ratio = summarise([
      [cost(3000, 2000), cost(1000, 1000)],
      [cost(4000, 2400), cost(1000, 800)],
      [cost(9000, 2200), cost(2000, 1100)],
    ]);
    expect(ratio).toEqual({
      pairs: 3,
      full: { wallMs: 4000, cpuMs: 2200 },
      oneTest: { wallMs: 1000, cpuMs: 1000 },
      wallRatio: 4,
      cpuRatio: 2,
      exitCodes: [0],
    });
  });

  it('says which ratio meets the target, and that CPU was not measured where it cannot be', () => {
    const measured = summarise([[cost(2500, 2000), cost(1000, 1000, 0)]]);
    const lines = describeCostRatio(measured, 3).join('\n');
    expect(lines).toMatch(/wall 2\.50 s vs 1\.00 s: ratio 2\.50 {3}target ≤ 3: met/);
    expect(lines).toMatch(/CPU \(user \+ system\) 2\.00 s vs 1\.00 s: ratio 2\.00 {3}target ≤ 3: met/);
    const slow = describeCostRatio(summarise([[cost(4000, undefined), cost(1000, undefined)]]), 3).join('\n');
    expect(slow).toMatch(/ratio 4\.00 {3}target ≤ 3: NOT MET/);
    expect(slow).toMatch(/CPU \(user \+ system\) n\/a vs n\/a: ratio n\/a {3}target ≤ 3: not measured/);
  });

  it.runIf(process.platform === 'linux')(
    'counts the CPU of the whole process tree, children of the command included',
    async () => {
      // A shell whose child node process spins until it has used 400 ms of CPU.
      const burn = 'const s = process.cpuUsage(); while (process.cpuUsage(s).user < 400000);';
      const measured = await measure({ label: 'burn', file: 'sh', args: ['-c', `node -e '${burn}'`] });
      expect(measured.exitCode).toBe(0);
      expect(measured.cpuMs).toBeGreaterThanOrEqual(400);
    },
    30_000,
  );
});

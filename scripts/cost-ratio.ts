/**
 * What a whole run against the embedded reference server costs next to the smallest vitest run of this
 * project (part of `npm run bench`): wall time and CPU of the whole process tree, several pairs, medians.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** One command of the comparison, run in the project's root. */
interface Command {
  readonly label: string;
  readonly file: string;
  readonly args: readonly string[];
}

/** A whole run against the embedded reference server, as a developer starts it. */
const fullRun = (reportDir: string): Command => ({
  label: 'npm run conformance',
  file: 'npm',
  args: ['run', '--silent', 'conformance', '--', '--report-dir', reportDir],
});

/** The yardstick: vitest running one test of this project whose module imports nothing else (a fixed size). */
const ONE_TEST: Command = {
  label: 'vitest run --project unit reference/store/store.test.ts',
  file: join(ROOT, 'node_modules', '.bin', 'vitest'),
  args: ['run', '--project', 'unit', 'reference/store/store.test.ts'],
};

/** The figures of one finished command; `cpuMs` (user + system of the tree) is undefined off Linux. */
export interface Cost {
  readonly wallMs: number;
  readonly cpuMs: number | undefined;
  readonly exitCode: number;
}

/**
 * The CPU of this process's waited-for children so far (user + system), in ms, from `/proc/self/stat`: a
 * finished process tree is accounted there. Undefined off Linux.
 */
function childrenCpuMs(): number | undefined {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command name (which may hold spaces), from field 3 on: cutime is 16, cstime 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const ticks = Number(fields[13]) + Number(fields[14]);
    return Number.isFinite(ticks) ? ticks * 10 : undefined; // USER_HZ is 100 on Linux
  } catch {
    return undefined;
  }
}

/** Runs `command` once in the project's root, its output discarded, and measures it. */
export function measure(command: Command): Promise<Cost> {
  const env = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !key.startsWith('CONFORMANCE_')),
  );
  const cpuBefore = childrenCpuMs();
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command.file, [...command.args], { cwd: ROOT, env, stdio: 'ignore' });
    child.on('error', reject);
    child.on('close', (code) => {
      const wallMs = Math.round(performance.now() - started);
      const cpuAfter = childrenCpuMs();
      const cpuMs = cpuBefore === undefined || cpuAfter === undefined ? undefined : cpuAfter - cpuBefore;
      resolve({ wallMs, cpuMs, exitCode: code ?? -1 });
    });
  });
}

/** The median of the numbers (the mean of the middle two for an even count; NaN for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const [low, high] = [Math.floor((sorted.length - 1) / 2), Math.ceil((sorted.length - 1) / 2)];
  return ((sorted[low] as number) + (sorted[high] as number)) / 2;
}

/** How the benches print whether a target is met. */
export const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');

/**
 * Summarises pairs of measurements (full run, one-test run), each pair taken back to back: each figure's
 * median, and the median of the pair-by-pair ratios.
 */
export function summarise(pairs: readonly (readonly [Cost, Cost])[]) {
  const cpu = (costs: readonly Cost[]) =>
    costs.every((c) => c.cpuMs !== undefined) ? median(costs.map((c) => c.cpuMs as number)) : undefined;
  const full = pairs.map(([a]) => a);
  const oneTest = pairs.map(([, b]) => b);
  const cpuKnown = pairs.every(([a, b]) => a.cpuMs !== undefined && (b.cpuMs ?? 0) > 0);
  return {
    pairs: pairs.length,
    full: { wallMs: median(full.map((c) => c.wallMs)), cpuMs: cpu(full) },
    oneTest: { wallMs: median(oneTest.map((c) => c.wallMs)), cpuMs: cpu(oneTest) },
    wallRatio: median(pairs.map(([a, b]) => a.wallMs / b.wallMs)),
    cpuRatio: cpuKnown ? median(pairs.map(([a, b]) => (a.cpuMs as number) / (b.cpuMs as number))) : undefined,
    exitCodes: [...new Set(pairs.flatMap(([a, b]) => [a.exitCode, b.exitCode]))],
  };
}

/**
 * Measures `pairs` pairs back to back, so that both commands see the same load, after one pair not counted
 * (which fills the caches a first run makes).
 */
export async function measureCostRatio(pairs = 5) {
  const full = fullRun(mkdtempSync(join(tmpdir(), 'conformance-cost-')));
  await measure(full);
  await measure(ONE_TEST);
  const measured: [Cost, Cost][] = [];
  for (let i = 0; i < pairs; i++) measured.push([await measure(full), await measure(ONE_TEST)]);
  return summarise(measured);
}

const seconds = (ms: number | undefined) => (ms === undefined ? 'n/a' : `${(ms / 1000).toFixed(2)} s`);

/** The lines `npm run bench` prints for the comparison, with whether each ratio is within `target`. */
export function describeCostRatio(ratio: ReturnType<typeof summarise>, target: number): string[] {
  const met = (value: number | undefined) =>
    value === undefined ? 'not measured (Linux only)' : mark(value <= target);
  const cpu = ratio.cpuRatio === undefined ? 'n/a' : ratio.cpuRatio.toFixed(2);
  return [
    `full run against the embedded reference (${fullRun('…').label}) vs one-test vitest run (${ONE_TEST.label}),`,
    `  ${ratio.pairs} pairs back to back, medians; exit codes ${ratio.exitCodes.join(', ')}:`,
    `  wall ${seconds(ratio.full.wallMs)} vs ${seconds(ratio.oneTest.wallMs)}: ratio ${ratio.wallRatio.toFixed(2)}   target ≤ ${target}: ${met(ratio.wallRatio)}`,
    `  CPU (user + system) ${seconds(ratio.full.cpuMs)} vs ${seconds(ratio.oneTest.cpuMs)}: ratio ${cpu}   target ≤ ${target}: ${met(ratio.cpuRatio)}`,
  ];
}

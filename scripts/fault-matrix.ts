/**
 * The fault matrix: runs the whole suite, through the command line, against the reference server with each
 * fault switched on, and reports for each fault which rules failed: its own rule not failing is a blind spot;
 * other rules failing beside it show how specific the verdicts are. `npm run faults` prints it (or runs the
 * clean server and every conformant variant); `scripts/fault-matrix.test.ts` asserts it in `npm test`.
 */
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import buildDist from '../bin/build.mjs';
import { FAULTS } from '../reference/faults/catalogue.ts';
import { expectedFailures, type Fault } from '../reference/faults/fault.ts';
import { VARIANTS } from '../reference/faults/variants.ts';
import type { ReferenceOptions } from '../reference/options.ts';
import { startReferenceServer } from '../reference/server.ts';
import { getRule } from '../rules/catalogue.ts';
import { spawnCli } from '../test-support/cli/spawn-cli.ts';

/** What one run of the suite said, read from its conformance.json. */
export interface RunSummary {
  readonly exitCode: number;
  /** Rule IDs whose status is `failed`. */
  readonly failed: string[];
  /** Rule IDs with status `error` (not evaluated) or `untested`, which a full run must not have. */
  readonly unevaluated: string[];
  /** Rule IDs skipped, with the reason. */
  readonly skipped: Record<string, string>;
  /** The report directory (conformance.html there is a worked example of reading a failure). */
  readonly reportDir: string;
  /** What the command line printed on stderr when it did not write a report. */
  readonly stderr?: string;
}

export interface MatrixRow {
  readonly fault: Fault;
  readonly run: RunSummary;
  /** The fault's own rule failed. */
  readonly caught: boolean;
  /** Other rules that failed. */
  readonly collateral: string[];
  /** Rules that failed although the fault does not declare them (an imprecise verdict of the suite). */
  readonly undeclared: string[];
  /** Declared collateral rules that did not fail (a stale declaration). */
  readonly unfailed: string[];
}

/**
 * One row of the matrix: what the run of `fault` failed, against what the fault declares (its rule and its
 * collateral). The row is exact when the fault is caught and both `undeclared` and `unfailed` are empty.
 */
export function matrixRow(fault: Fault, run: RunSummary): MatrixRow {
  const expected: readonly string[] = expectedFailures(fault);
  return {
    fault,
    run,
    caught: run.failed.includes(fault.rule),
    collateral: run.failed.filter((id) => id !== fault.rule),
    undeclared: run.failed.filter((id) => !expected.includes(id)),
    unfailed: expected.filter((id) => id !== fault.rule && !run.failed.includes(id)),
  };
}

/** Whether the run of the row failed exactly the fault's declared set of rules. */
export function isExact(row: MatrixRow): boolean {
  return row.caught && row.undeclared.length === 0 && row.unfailed.length === 0;
}

/**
 * Starts a reference server with the options, runs the command line against it as a separate process
 * (`--base-url`, `--token`, `--report-dir`, then `extraArgs`, e.g. a `--baseline`; working directory: the report
 * directory, so that no `.env` interferes), and summarises the report.
 */
export async function runSuiteAgainstReference(
  options: ReferenceOptions,
  reportDir: string,
  extraArgs: readonly string[] = [],
): Promise<RunSummary> {
  mkdirSync(reportDir, { recursive: true });
  const server = await startReferenceServer({ ...options, port: 0 });
  try {
    // One suite file at a time, as against the embedded reference server: the target is local, so the run
    // is CPU-bound (one worker thread costs least), and several runs go at once.
    const args = [
      '--base-url',
      server.url,
      '--token',
      server.token,
      '--report-dir',
      reportDir,
      '--workers',
      '1',
      ...extraArgs,
    ];
    const { code, stderr } = await spawnCli(args, reportDir);
    return summarise(reportDir, code, stderr);
  } finally {
    await server.close();
  }
}

function summarise(reportDir: string, exitCode: number, stderr: string): RunSummary {
  let report: { rules: { id: string; status: string; reason?: string }[] };
  try {
    report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8'));
  } catch {
    return {
      exitCode,
      failed: [],
      unevaluated: [],
      skipped: {},
      reportDir,
      stderr: stderr.trim() || 'no report',
    };
  }
  const withStatus = (...statuses: string[]) =>
    report.rules.filter((r) => statuses.includes(r.status)).map((r) => r.id);
  const skipped = Object.fromEntries(
    report.rules.filter((r) => r.status === 'skipped').map((r) => [r.id, r.reason ?? '']),
  );
  return {
    exitCode,
    failed: withStatus('failed'),
    unevaluated: withStatus('error', 'untested'),
    skipped,
    reportDir,
  };
}

/** The seed of the matrix's deep runs: fixed, so that a deep fault meets the same generated inputs every time. */
export const MATRIX_SEED = 1;

/** The profile a fault must be caught in (its `profile`; absent: the gate profile). */
export function faultProfile(fault: Fault): 'gate' | 'deep' {
  return (fault as { readonly profile?: 'gate' | 'deep' }).profile ?? 'gate';
}

/** The command-line arguments of the profile a fault must be caught in: `--depth deep --seed 1` for deep. */
export function profileArgs(profile: 'gate' | 'deep'): string[] {
  return profile === 'deep' ? ['--depth', 'deep', '--seed', String(MATRIX_SEED)] : [];
}

/** Runs `tasks` with at most `limit` at a time, keeping their order in the result. */
export async function pool<T>(limit: number, tasks: (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async () => {
    while (next < tasks.length) {
      const index = next++;
      results[index] = await (tasks[index] as () => Promise<T>)();
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  return results;
}

export interface MatrixOptions {
  readonly faults?: readonly Fault[];
  /** Runs at the same time (each is a process running the suite). */
  readonly concurrency?: number;
  /** Where each run's reports go (one folder per fault); default: a new temporary folder. */
  readonly reportRoot?: string;
  /** Called as each fault's run ends. */
  readonly onRow?: (row: MatrixRow) => void;
}

/** Runs the suite against every fault and returns the matrix. */
export async function runFaultMatrix(options: MatrixOptions = {}): Promise<MatrixRow[]> {
  const root = options.reportRoot ?? mkdtempSync(join(tmpdir(), 'fault-matrix-'));
  const tasks = (options.faults ?? FAULTS).map((fault) => async () => {
    const run = await runSuiteAgainstReference(
      { faults: [fault.name] },
      join(root, fault.name),
      profileArgs(faultProfile(fault)),
    );
    const row = matrixRow(fault, run);
    options.onRow?.(row);
    return row;
  });
  return pool(options.concurrency ?? 3, tasks);
}

export const ALL_VARIANTS = VARIANTS.map((variant) => variant.name);

/**
 * The matrix as a fixed-width table: fault, its rule, caught or not, collateral failures (declared ones
 * plain, undeclared ones marked `!`, declared ones that did not fail marked `?`).
 */
export function formatMatrix(rows: readonly MatrixRow[]): string {
  const width = Math.max(5, ...rows.map((r) => r.fault.name.length));
  const ruleWidth = Math.max(4, ...rows.map((r) => r.fault.rule.length));
  const header = `${'fault'.padEnd(width)}  ${'rule'.padEnd(ruleWidth)}  caught  collateral`;
  const lines = rows.map((r) => {
    const caught = r.caught ? 'yes' : r.run.stderr ? 'ERROR' : 'NO';
    const marked = [
      ...r.collateral.map((id) => (r.undeclared.includes(id) ? `!${id}` : id)),
      ...r.unfailed.map((id) => `?${id}`),
    ];
    const collateral = r.run.stderr ? r.run.stderr.split('\n')[0] : marked.join(' ') || '-';
    return `${r.fault.name.padEnd(width)}  ${r.fault.rule.padEnd(ruleWidth)}  ${caught.padEnd(6)}  ${collateral}`;
  });
  const caught = rows.filter((r) => r.caught).length;
  const specific = rows.filter((r) => r.caught && r.collateral.length === 0).length;
  const exact = rows.filter(isExact).length;
  return [
    header,
    '-'.repeat(header.length + 10),
    ...lines,
    '',
    `${caught}/${rows.length} faults caught on their rule; ${specific} with no collateral failure; ` +
      `${exact}/${rows.length} failing exactly their declared rules (!: undeclared, ?: declared but passed).`,
  ].join('\n');
}

/**
 * `npm run faults [-- NAME... | --area AREA... | --conformant]`: every fault, the faults named, or those of
 * the rules of the areas; `--conformant` runs the clean server and every conformant variant instead, in both
 * profiles, and prints what failed (it must be nothing).
 */
async function main(args: readonly string[]): Promise<void> {
  buildDist();
  const root = mkdtempSync(join(tmpdir(), 'fault-matrix-'));
  const started = Date.now();
  if (args.includes('--conformant')) {
    let clean = true;
    for (const [label, options] of [
      ['clean', {}],
      ['every variant', { variants: ALL_VARIANTS }],
    ] as const) {
      for (const profile of ['gate', 'deep'] as const) {
        const run = await runSuiteAgainstReference(
          options,
          join(root, `${label}-${profile}`.replace(' ', '-')),
          profileArgs(profile),
        );
        const bad = [...run.failed, ...run.unevaluated];
        clean &&= bad.length === 0 && run.exitCode === 0;
        console.log(
          `${label}, ${profile}: exit ${run.exitCode}; failed or not evaluated: ${bad.join(' ') || 'none'}${run.stderr ? ` (${run.stderr})` : ''}`,
        );
      }
    }
    console.log(`\nReports: ${root}`);
    process.exitCode = clean ? 0 : 1;
    return;
  }
  const areas = args.flatMap((arg, i) => (args[i - 1] === '--area' ? [arg] : []));
  const names = args.filter((arg, i) => !arg.startsWith('--') && args[i - 1] !== '--area');
  const faults = FAULTS.filter(
    (fault) =>
      (names.length === 0 && areas.length === 0) ||
      names.includes(fault.name) ||
      areas.includes(getRule(fault.rule).area),
  );
  const rows = await runFaultMatrix({
    faults,
    reportRoot: root,
    onRow: (row) => process.stderr.write(`${row.caught ? '✓' : '×'} ${row.fault.name}\n`),
  });
  console.log(formatMatrix(rows));
  console.log(
    `\nReports (conformance.html of each fault): ${root}/<fault>/  (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  process.exitCode = rows.every(isExact) ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));

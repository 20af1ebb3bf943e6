/**
 * `npx tsx scripts/unseen-faults.ts [--depth gate|deep] [--seed N] [NAME…]`: the suite against the unseen
 * faults (`reference/faults/unseen/`), a holdout set the fault matrix does not require it to catch.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import buildDist from '../bin/build.mjs';
import type { Fault } from '../reference/faults/fault.ts';
import { UNSEEN_CLASSES, UNSEEN_FAULTS } from '../reference/faults/unseen/faults.ts';
import {
  faultProfile,
  formatMatrix,
  type MatrixRow,
  printProgress,
  Runners,
  runFaultMatrix,
} from './fault-matrix.ts';

export interface UnseenOptions {
  readonly depth: 'gate' | 'deep';
  readonly seed: number;
  readonly names: readonly string[];
}

/** Reads the command line; throws on a bad argument. */
export function parseUnseenArgs(args: readonly string[]): UnseenOptions {
  let depth: 'gate' | 'deep' = 'gate';
  let seed = 1;
  const names: string[] = [];
  for (let i = 0; i < args.length; i += 1) {
    const arg = args[i] as string;
    if (arg === '--depth') {
      const value = args[++i];
      if (value !== 'gate' && value !== 'deep') throw new Error(`--depth takes gate or deep, got ${value}`);
      depth = value;
    } else if (arg === '--seed') {
      seed = Number(args[++i]);
      if (!Number.isSafeInteger(seed)) throw new Error(`--seed takes an integer, got ${args[i]}`);
    } else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else names.push(arg);
  }
  const unknown = names.filter((name) => !UNSEEN_FAULTS.some((fault) => fault.name === name));
  if (unknown.length > 0) throw new Error(`no unseen fault named ${unknown.join(', ')}`);
  return { depth, seed, names };
}

export function caughtShare(rows: readonly MatrixRow[]): string {
  const caught = rows.filter((row) => row.caught).length;
  const share = rows.length === 0 ? 0 : Math.round((1000 * caught) / rows.length) / 10;
  return `caught ${caught} of ${rows.length} (${share} %)`;
}

/** The matrix, then the share caught per class, per declared profile and in all. */
export function formatUnseen(rows: readonly MatrixRow[], options: UnseenOptions): string {
  const of = (faults: readonly Fault[]) => rows.filter((row) => faults.includes(row.fault));
  const byClass = Object.entries(UNSEEN_CLASSES).map(
    ([name, faults]) => `  ${name.padEnd(10)} ${caughtShare(of(faults))}`,
  );
  const byProfile = (['gate', 'deep'] as const).map(
    (profile) =>
      `  declared ${profile.padEnd(5)} ${caughtShare(rows.filter((row) => faultProfile(row.fault) === profile))}`,
  );
  const run = options.depth === 'deep' ? `deep, seed ${options.seed}` : 'gate';
  return [
    formatMatrix(rows),
    '',
    `Unseen faults, ${run}:`,
    ...byClass,
    ...byProfile,
    `  total      ${caughtShare(rows)}`,
  ].join('\n');
}

async function main(args: readonly string[]): Promise<void> {
  const options = parseUnseenArgs(args);
  buildDist();
  const root = mkdtempSync(join(tmpdir(), 'unseen-faults-'));
  const started = Date.now();
  const runners = new Runners(2);
  const results = await runFaultMatrix({
    faults: UNSEEN_FAULTS.filter((f) => options.names.length === 0 || options.names.includes(f.name)),
    profile: options.depth,
    seed: options.seed,
    runners,
    reportRoot: root,
    onRuns: printProgress,
  }).finally(() => runners.close());
  const rows = results.map((runs) => runs.rows[0] as MatrixRow);
  console.log(formatUnseen(rows, options));
  console.log(`\nReports: ${root}/<fault>/  (${Math.round((Date.now() - started) / 1000)} s)`);
  process.exitCode = rows.some((row) => row.run.stderr) ? 2 : 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  try {
    await main(process.argv.slice(2));
  } catch (error) {
    console.error((error as Error).message);
    process.exitCode = 2;
  }
}

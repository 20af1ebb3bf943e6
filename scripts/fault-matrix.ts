/**
 * The fault matrix: the whole suite against the reference server with each fault switched on, and which rules
 * failed. `npm run faults` prints it; `fault-matrix.test.ts` asserts it.
 */
import { type ChildProcessByStdio, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import type { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import buildDist from '../bin/build.mjs';
import { FAULTS } from '../reference/faults/catalogue.ts';
import { expectedFailures, type Fault } from '../reference/faults/fault.ts';
import { UNSEEN_CLASSES, UNSEEN_FAULTS } from '../reference/faults/unseen/faults.ts';
import { VARIANTS } from '../reference/faults/variants.ts';
import type { ReferenceOptions } from '../reference/options.ts';
import { getRule } from '../rules/catalogue.ts';
import txnConfirm from '../rules/transactions/txn-confirm.ts';
import { cliEnvironment } from '../test-support/cli/spawn-cli.ts';

/**
 * What one run of the suite said, read from its conformance.json: its failed rules, those with status `error`
 * or `untested` (which a full run must not have), the skipped ones with their reasons, and why a run wrote no
 * report (`stderr`, the engine's message).
 */
export type RunSummary = ReturnType<typeof summarise>;

/** What the run of `fault` failed, against what the fault declares. */
export type MatrixRow = ReturnType<typeof matrixRow>;

export function matrixRow(fault: Fault, run: RunSummary) {
  const expected: readonly string[] = expectedFailures(fault);
  return {
    fault,
    run,
    caught: run.failed.includes(fault.rule),
    collateral: run.failed.filter((id) => id !== fault.rule),
    /** Rules that failed although the fault does not declare them (an imprecise verdict of the suite). */
    undeclared: run.failed.filter((id) => !expected.includes(id)),
    /** Declared collateral rules that did not fail (a stale declaration). */
    unfailed: expected.filter((id) => id !== fault.rule && !run.failed.includes(id)),
  };
}

export const isExact = (row: MatrixRow) =>
  row.caught && row.undeclared.length === 0 && row.unfailed.length === 0;

/** One run of the suite: the reference server's options, where its reports go, and its settings by name. */
interface RunSpec {
  readonly server: ReferenceOptions;
  readonly reportDir: string;
  readonly settings: Readonly<Record<string, string>>;
  readonly baseline?: string;
}

type Runner = ChildProcessByStdio<Writable, Readable, null>;
type Result = { readonly exitCode: number; readonly message?: string };

/**
 * Runner processes (`fault-matrix-runner.mjs`), each running one run at a time. A job of several runs (a pair)
 * takes as many runners at once, so that its runs go at the same time; jobs start in the order asked for.
 */
export class Runners {
  readonly #free: Runner[] = [];
  readonly #all: Runner[] = [];
  /** Jobs waiting for runners: how many each needs, and what to do once it has them. */
  readonly #queue: { readonly count: number; readonly start: (runners: Runner[]) => void }[] = [];
  /** The run each busy runner runs: what to do with its result. */
  readonly #busy = new Map<Runner, (result: Result) => void>();

  constructor(count: number) {
    const runner = fileURLToPath(new URL('fault-matrix-runner.mjs', import.meta.url));
    for (let i = 0; i < count; i++) {
      const child = spawn(process.execPath, [runner], {
        cwd: mkdtempSync(join(tmpdir(), 'fault-matrix-runner-')),
        env: cliEnvironment(),
        stdio: ['pipe', 'pipe', 'inherit'],
      });
      const finish = (result: Result) => {
        const done = this.#busy.get(child);
        this.#busy.delete(child);
        this.#free.push(child);
        done?.(result);
        this.#dispatch();
      };
      createInterface({ input: child.stdout }).on('line', (line) => {
        if (line.startsWith('@@ ')) finish(JSON.parse(line.slice(3)) as Result);
      });
      // A runner that ends fails its run (exit code 2, with the reason) and every later one: never a hang.
      child.stdin.on('error', () => undefined);
      child.on('exit', (code, signal) =>
        finish({ exitCode: 2, message: `the runner ended (${signal ?? `exit code ${code}`})` }),
      );
      this.#all.push(child);
      this.#free.push(child);
    }
  }

  /** Runs `specs` at the same time, each against its own server. */
  async run(specs: readonly RunSpec[]): Promise<RunSummary[]> {
    if (specs.length > this.#all.length) throw new Error(`${specs.length} runs at once need as many runners`);
    const runners = await new Promise<Runner[]>((start) => {
      this.#queue.push({ count: specs.length, start });
      this.#dispatch();
    });
    return Promise.all(
      specs.map(async (spec, i) => {
        mkdirSync(spec.reportDir, { recursive: true });
        const child = runners[i] as Runner;
        const result =
          child.exitCode !== null || child.signalCode !== null
            ? { exitCode: 2, message: 'the runner ended' }
            : await new Promise<Result>((done) => {
                this.#busy.set(child, done);
                child.stdin.write(`${JSON.stringify(spec)}\n`);
              });
        return summarise(spec.reportDir, result);
      }),
    );
  }

  close(): void {
    for (const child of this.#all) child.stdin.end();
  }

  #dispatch(): void {
    const next = this.#queue[0];
    if (!next || this.#free.length < next.count) return;
    this.#queue.shift();
    next.start(this.#free.splice(0, next.count));
    this.#dispatch();
  }
}

/** What a run's conformance.json says; without one, why (the runner's message). */
function summarise(reportDir: string, { exitCode, message = '' }: Result) {
  let rules: { id: string; status: string; reason?: string }[] | undefined;
  try {
    rules = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')).rules;
  } catch {
    // The run wrote no report.
  }
  const withStatus = (...statuses: string[]) => (rules ?? []).filter((r) => statuses.includes(r.status));
  return {
    exitCode,
    failed: withStatus('failed').map((r) => r.id),
    unevaluated: withStatus('error', 'untested').map((r) => r.id),
    skipped: Object.fromEntries(withStatus('skipped').map((r) => [r.id, r.reason ?? ''])) as Record<
      string,
      string
    >,
    reportDir,
    ...(rules ? {} : { stderr: message.trim() || 'no report' }),
  };
}

/** The profile a fault must be caught in. */
export const faultProfile = (fault: Fault) => fault.profile ?? 'gate';

/**
 * The settings of a run in `profile`: one suite file at a time (`workers`), the cheapest; deep with the seed
 * (1, and 2 in the second run of a pair, so that a verdict that depends on the seed shows as a difference).
 */
export function runSettings(profile: 'gate' | 'deep', workers = 1, seed = 1): Record<string, string> {
  return {
    CONFORMANCE_WORKERS: String(workers),
    ...(profile === 'deep' ? { CONFORMANCE_DEPTH: 'deep', CONFORMANCE_SEED: String(seed) } : {}),
  };
}

/** What a fault's runs failed: one run, or a pair at the same time (`twice`). */
export interface FaultRuns {
  readonly fault: Fault;
  readonly rows: readonly MatrixRow[];
}

/** Whether the runs of a fault failed the same rules (a run alone does). */
export function sameVerdicts(runs: FaultRuns): boolean {
  return new Set(runs.rows.map((row) => [...row.run.failed].sort().join(' '))).size <= 1;
}

/** A fault whose runs failed different rules: what each failed. */
export function describeDifference(runs: FaultRuns): string {
  return `${runs.fault.name}: ${runs.rows.map((row, i) => `run ${i + 1} failed ${row.run.failed.join(' ') || 'nothing'}`).join('; ')}`;
}

/**
 * Runs the suite against every fault (each once, or twice at the same time: `twice`, or `'deep'` for the deep
 * faults only) and returns what failed. `secondWorkers`: suite files at a time in the second run of a pair;
 * `profile`: every fault in this profile (a single run: with `seed`), not in its own.
 */
export async function runFaultMatrix(
  options: {
    readonly faults?: readonly Fault[];
    readonly twice?: boolean | 'deep';
    readonly secondWorkers?: number;
    readonly profile?: 'gate' | 'deep';
    readonly seed?: number;
    readonly runners?: Runners;
    /** Where each run's reports go; default: a new temporary folder. */
    readonly reportRoot?: string;
    readonly onRuns?: (runs: FaultRuns) => void;
  } = {},
): Promise<FaultRuns[]> {
  const root = options.reportRoot ?? mkdtempSync(join(tmpdir(), 'fault-matrix-'));
  const runners = options.runners ?? new Runners(4);
  try {
    return await Promise.all(
      (options.faults ?? FAULTS).map(async (fault) => {
        const profile = options.profile ?? faultProfile(fault);
        const both = options.twice === true || (options.twice === 'deep' && faultProfile(fault) === 'deep');
        const pair = both
          ? [runSettings(profile), runSettings(profile, options.secondWorkers, 2)]
          : [runSettings(profile, 1, options.seed)];
        const summaries = await runners.run(
          pair.map((settings, i) => ({
            server: { faults: [fault.name] },
            reportDir: join(root, both ? `${fault.name}-${i + 1}` : fault.name),
            settings,
          })),
        );
        const runs = { fault, rows: summaries.map((run) => matrixRow(fault, run)) };
        options.onRuns?.(runs);
        return runs;
      }),
    );
  } finally {
    if (!options.runners) runners.close();
  }
}

/**
 * A run against some conformant variants, or every one at once. No-payment-intents offers no card_payment_intents
 * gateway: the confirm rule is skipped with the reason, and the baseline marks it unsupported (else: exit code 2).
 */
export function variantsRun(root: string, profile: 'gate' | 'deep', names?: readonly string[]): RunSpec {
  const baseline = join(root, 'variants-baseline.json');
  const entries = [{ rule: txnConfirm.id, unsupported: 'no card_payment_intents gateway' }];
  writeFileSync(baseline, JSON.stringify({ entries }));
  const variants = names ?? VARIANTS.map((variant) => variant.name);
  return {
    server: { variants: [...variants] },
    reportDir: join(root, `variants-${names ? `${names.join('+')}-` : ''}${profile}`),
    settings: runSettings(profile),
    ...(variants.includes('no-payment-intents') && { baseline }),
  };
}

/** The matrix as a fixed-width table: collateral failures undeclared marked `!`, declared but passed `?`. */
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
  const count = (keep: (row: MatrixRow) => boolean) => rows.filter(keep).length;
  return [
    header,
    '-'.repeat(header.length + 10),
    ...lines,
    '',
    `${count((r) => r.caught)}/${rows.length} faults caught on their rule; ${count((r) => r.caught && r.collateral.length === 0)} with no collateral failure; ` +
      `${count(isExact)}/${rows.length} failing exactly their declared rules (!: undeclared, ?: declared but passed).`,
  ].join('\n');
}

/** The progress line of a fault's runs, on stderr. */
function printProgress(runs: FaultRuns): void {
  const differ = sameVerdicts(runs) ? '' : ' (the two runs differ)';
  process.stderr.write(`${runs.rows.every((row) => row.caught) ? '✓' : '×'} ${runs.fault.name}${differ}\n`);
}

/**
 * `npm run faults [-- NAME... | --area AREA... | --conformant [VARIANT...]] [--twice [--workers N]]`;
 * `--workers N`: the second run of a pair N suite files at a time; `--conformant`: the clean server, every
 * variant at once and each alone instead (with names: those variants only, each alone); `--unseen [NAME...]
 * [--depth gate|deep] [--seed N]`: the held-out faults instead, in one profile (default deep).
 */
async function main(args: readonly string[]): Promise<void> {
  buildDist();
  const root = mkdtempSync(join(tmpdir(), 'fault-matrix-'));
  const started = Date.now();
  const after = (flag: string) => args.filter((_, i) => args[i - 1] === flag);
  const names = args.filter(
    (a, i) => !a.startsWith('--') && !/^--(area|workers|depth|seed)$/.test(args[i - 1] ?? ''),
  );
  if (args.includes('--conformant')) return conformant(root, names);
  if (args.includes('--unseen'))
    return unseen(root, names, after('--depth')[0], Number(after('--seed')[0] ?? 1));
  const areas = after('--area');
  const faults = FAULTS.filter(
    (fault) =>
      (names.length === 0 && areas.length === 0) ||
      names.includes(fault.name) ||
      areas.includes(getRule(fault.rule).area),
  );
  const twice = args.includes('--twice');
  const workers = Number(after('--workers')[0]);
  const results = await runFaultMatrix({
    faults,
    twice,
    ...(workers ? { secondWorkers: workers } : {}),
    reportRoot: root,
    onRuns: printProgress,
  });
  console.log(formatMatrix(results.map((runs) => runs.rows[0] as MatrixRow)));
  const differing = results.filter((runs) => !sameVerdicts(runs));
  if (twice) {
    console.log(
      differing.length === 0
        ? '\nEach fault failed the same rules in both runs of its pair.'
        : `\nFailed rules that differ between the two runs of a pair:\n${differing.map(describeDifference).join('\n')}`,
    );
  }
  console.log(
    `\nReports (conformance.html of each fault): ${root}/<fault>${twice ? '-<1|2>' : ''}/  (${Math.round((Date.now() - started) / 1000)} s)`,
  );
  process.exitCode = results.every((runs) => runs.rows.every(isExact)) && differing.length === 0 ? 0 : 1;
}

/**
 * `--conformant [VARIANT...]`: names given, those variants only, each alone; else the clean server, every
 * variant at once, then each variant alone (one cannot hide another's reading); each in both profiles.
 */
async function conformant(root: string, asked: readonly string[]): Promise<void> {
  const unknown = asked.filter((name) => !VARIANTS.some((variant) => variant.name === name));
  if (unknown.length > 0) throw new Error(`--conformant: unknown variants ${unknown.join(' ')}`);
  const labels = asked.length > 0 ? asked : ['clean', 'every variant', ...VARIANTS.map((v) => v.name)];
  const cases = labels.flatMap((label) => (['gate', 'deep'] as const).map((profile) => ({ label, profile })));
  const runners = new Runners(Math.min(4, cases.length));
  const runs = await Promise.all(
    cases.map(async ({ label, profile }) => {
      const spec =
        label === 'clean'
          ? { server: {}, reportDir: join(root, `clean-${profile}`), settings: runSettings(profile) }
          : variantsRun(root, profile, label === 'every variant' ? undefined : [label]);
      return (await runners.run([spec]))[0] as RunSummary;
    }),
  );
  runners.close();
  for (const [i, { label, profile }] of cases.entries()) {
    const run = runs[i] as RunSummary;
    const bad = [...run.failed, ...run.unevaluated].join(' ') || 'none';
    console.log(
      `${label}, ${profile}: exit ${run.exitCode}; failed or not evaluated: ${bad}${run.stderr ? ` (${run.stderr})` : ''}`,
    );
  }
  console.log(`\nReports: ${root}`);
  const clean = runs.every((run) => run.failed.length + run.unevaluated.length === 0 && run.exitCode === 0);
  process.exitCode = clean ? 0 : 1;
}

/** The held-out faults (`reference/faults/unseen/`) in one profile (default deep), and the share caught per set. */
async function unseen(root: string, names: readonly string[], depth = 'deep', seed = 1): Promise<void> {
  if (depth !== 'gate' && depth !== 'deep') throw new Error(`--depth takes gate or deep, got ${depth}`);
  const faults = UNSEEN_FAULTS.filter((fault) => names.length === 0 || names.includes(fault.name));
  const runners = new Runners(2);
  const results = await runFaultMatrix({
    faults,
    profile: depth,
    seed,
    runners,
    reportRoot: root,
    onRuns: printProgress,
  });
  runners.close();
  const rows = results.map((runs) => runs.rows[0] as MatrixRow);
  const sets = Object.entries(UNSEEN_CLASSES).map(([set, of]) => {
    const inSet = rows.filter((row) => of.includes(row.fault));
    const caught = inSet.filter((row) => row.caught).length;
    const share = inSet.length === 0 ? 0 : Math.round((1000 * caught) / inSet.length) / 10;
    return `  ${set.padEnd(8)} caught ${caught} of ${inSet.length} (${share} %)`;
  });
  const profile = `${depth}${depth === 'deep' ? `, seed ${seed}` : ''}`;
  console.log([formatMatrix(rows), '', `Held-out faults, ${profile}:`, ...sets].join('\n'));
  console.log(`\nReports: ${root}/<fault>/`);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main(process.argv.slice(2));

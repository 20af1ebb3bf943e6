import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { Writable } from 'node:stream';
import { setTimeout as delay } from 'node:timers/promises';
import { type Outcome, tallyOutcome } from '../helpers/check/outcome.ts';
import { type ConformanceConfig, type Environment, loadConfig } from '../helpers/config/config.ts';
import { ConfigError } from '../helpers/config/errors.ts';
import type { ApiClient } from '../helpers/http/client.ts';
import { Journal, sending } from '../helpers/http/journal.ts';
import type { DepthSettings } from '../helpers/inputs/profile.ts';
import { CODE_EXTENSION, CODE_ROOT, PACKAGE_ROOT } from '../helpers/package.ts';
import { Ledger } from '../helpers/provisioning/ledger.ts';
import { type SweepResult, sweepLedger } from '../helpers/provisioning/sweep.ts';
import { conformanceProject } from '../helpers/run/conformance-project.ts';
import { clientOf, openSession } from '../helpers/run/session.ts';
import type { Settings } from '../helpers/run/settings.ts';
import { PreflightError } from '../helpers/target/preflight.ts';
import { isRuleId, RULES, type RuleId } from '../rules/catalogue.ts';
import type { CommandOf } from './args.ts';
import { type Baseline, readBaseline } from './baseline/read.ts';
import { CircuitBreaker } from './breaker.ts';
import { Collector } from './collector.ts';
import { loadHistorySize } from './history/history.ts';
import { buildReport, type RunDescription } from './report/build.ts';
import { toCheckResult } from './report/evidence.ts';
import { serverHeader } from './report/metadata.ts';
import type { ConformanceReport, RunStop } from './report/model.ts';
import { type WrittenReports, writeReports } from './report/write.ts';
import { isFiltered, type Selection, selectedRuleIds, suiteFiles } from './selection.ts';
import { prepareTarget } from './target/prepare.ts';

export interface RunOptions
  extends Partial<Pick<CommandOf<'run'>, 'strict' | 'strictBaseline' | 'selection' | 'shard'>> {
  /** The settings, flags already applied; the `.env` file (default in the working directory) is read under them. */
  readonly env: Environment;
  readonly envFile?: string;
  readonly rerunOf?: string;
  readonly onCheck?: (check: Outcome) => void;
  /** Called once the target is ready, before any suite starts. */
  readonly onStart?: (depth: DepthSettings) => void;
  /** Aborting stops the run: its records are deleted, and the reports (if a check ended) are marked stopped. */
  readonly signal?: AbortSignal;
}

export interface RunOutcome {
  readonly exitCode: 0 | 1 | 2;
  /** Exit code 2: the one message to show (a stopped run has its report too). */
  readonly message?: string;
  readonly report?: ConformanceReport;
  readonly files?: readonly string[];
  readonly notes?: readonly string[];
}

/**
 * Runs the conformance suites: prepares the target, runs the `conformance` vitest project with the collector
 * as its only reporter, writes the reports and releases the target. Never throws for a configuration,
 * preflight or engine problem: exit code 2 and one message.
 */
export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  const startedAt = new Date();
  const selection = options.selection ?? { rules: [], areas: [] };
  const unknown = selection.rules.find((id) => !isRuleId(id));
  if (unknown !== undefined)
    return { exitCode: 2, message: `"${unknown}" is not a rule ID of the catalogue (rules/catalogue.ts)` };
  let config: ReturnType<typeof loadConfig>;
  let target: Awaited<ReturnType<typeof prepareTarget>>;
  let historySize: number;
  let baseline: Baseline | undefined;
  // The command line's own requests, judged like the suites' own.
  const preflight = new Journal();
  try {
    config = loadConfig(options.env, options.envFile);
    historySize = loadHistorySize(options.env, options.envFile);
    baseline = config.baselineFile ? readBaseline(config.baselineFile) : undefined;
    target = await prepareTarget(config, selectedRuleIds(selection) as RuleId[], preflight);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof PreflightError)
      return { exitCode: 2, message: error.message };
    return { exitCode: 2, message: `Cannot prepare the target: ${messageOf(error)}` };
  }
  const { depth, seed, requestBudget } = target.info;
  options.onStart?.({ depth, seed, requestBudget });
  const { credentials } = config;
  const secrets = [
    target.info.token,
    ...target.info.secrets,
    ...(credentials.kind === 'token' ? [credentials.token] : []),
    ...(credentials.kind === 'client' ? [credentials.clientSecret] : []),
  ];
  const own = openSession(target.info, RULES);
  for (const x of preflight.exchanges()) own.journal.record(x);
  const api = clientOf({ ...target.info, secrets }, { journal: own.journal });
  const ledger = new Ledger(target.info.ledgerFile);
  // The first stop is the one reported (aborting again changes nothing).
  const stopper = new AbortController();
  const stop = (value: RunStop) => stopper.abort(value);
  const onAbort = () => stop({ kind: 'interrupted', reason: 'Interrupted' });
  if (options.signal?.aborted) onAbort();
  options.signal?.addEventListener('abort', onAbort, { once: true });
  const late = `The run passed its deadline of ${config.deadlineMs} ms (CONFORMANCE_DEADLINE_MS) and was stopped`;
  const deadline = setTimeout(() => stop({ kind: 'deadline', reason: late }), config.deadlineMs);
  const breaker = new CircuitBreaker(
    () => stillAnswers(target.info),
    (reason) =>
      stop({ kind: 'breaker', reason: `The target stopped answering (${reason}); the run was stopped` }),
  );
  try {
    const collector = new Collector(
      (check) => {
        options.onCheck?.(check);
        breaker.observe(check);
      },
      (reason) => breaker.unanswered(reason),
    );
    const engineErrors = await runSuites(target.info, config, selection, options, collector, stopper.signal);
    clearTimeout(deadline);
    // Whatever the suites' own cleanup left goes now.
    const swept = config.readOnly ? undefined : await sweepRun(ledger, api, target.info.runTag);
    const stopped = stopper.signal.reason as RunStop | undefined;
    // A stopped run judged only the checks that ended before the stop.
    const ended = stopped ? collector.checks.filter((check) => !check.unfinished) : collector.checks;
    if (stopped && ended.length === 0)
      return { exitCode: 2, message: `${stopped.reason}: no report written. ${describeSweep(swept)}`.trim() };
    // The exchange rules' verdicts on the command line's own requests (preflight, final cleanup).
    const ownSource = 'the command line (preflight, final cleanup)';
    const judged = [...ended, ...own.judging.tallies().map((tally) => tallyOutcome(tally, ownSource))];
    // A stopped run reports what it judged: what it did not reach stays untested, not skipped.
    const checks = [...judged, ...(config.readOnly && !stopped ? readOnlySkips(target.info, judged) : [])];
    const server = serverHeader([
      ...own.journal.exchanges().map((x) => x.evidence),
      ...checks.flatMap((check) => check.exchanges),
    ]);
    const written = writeRun(
      config.reportDir,
      {
        target: target.info.baseUrl,
        embedded: target.info.embedded,
        startedAt,
        readOnly: config.readOnly,
        strict: options.strict ?? false,
        seed,
        depth,
        requestBudget,
        explorations: collector.explorations,
        coverage: collector.coverage,
        skippedProbes: collector.skippedProbes,
        filter: isFiltered(selection) ? { rules: selection.rules, areas: selection.areas } : undefined,
        shards: options.shard ? [options.shard] : undefined,
        errors: [...engineErrors, ...collector.errors],
        strictBaseline: options.strictBaseline ?? false,
        baseline,
        label: config.label,
        rerunOf: options.rerunOf,
        server,
        stopped,
      },
      checks,
      secrets,
      historySize,
    );
    const message = stopped
      ? `${stopped.reason}: the reports hold what the run judged before. ${describeSweep(swept)}`.trim()
      : undefined;
    const sweepFailed = !stopped && (typeof swept === 'string' || (swept && swept.failed.length > 0));
    return outcomeOf(written, message, sweepFailed && describeSweep(swept));
  } catch (error) {
    return { exitCode: 2, message: `The run failed: ${messageOf(error)}` };
  } finally {
    clearTimeout(deadline);
    options.signal?.removeEventListener('abort', onAbort);
    await target.release();
  }
}

/**
 * The outcome of a command that wrote its reports: exit code 2 with the message of a stopped run; its notes,
 * the problems of the previous reports among them.
 */
export function outcomeOf(written: WrittenReports, message?: string, last?: string | false): RunOutcome {
  const notes = [message, written.previousProblem, written.historyProblem, last].filter((n) => !!n);
  return {
    exitCode: message || written.report.errors.length > 0 ? 2 : written.report.verdict.exitCode,
    ...(message ? { message } : {}),
    report: written.report,
    files: written.files,
    ...(notes.length > 0 ? { notes: notes as string[] } : {}),
  };
}

/** Builds the report of a run's outcomes and writes the reports to `dir` (see {@link writeReports}). */
export function writeRun(
  dir: string,
  run: Omit<RunDescription, 'suiteVersion' | 'startedAt' | 'durationMs'> & { readonly startedAt: Date },
  outcomes: readonly Outcome[],
  secrets: readonly (string | undefined)[],
  historySize: number,
): WrittenReports {
  const { startedAt } = run;
  const pkg = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8')) as { version?: string };
  const described = { ...run, suiteVersion: pkg.version ?? '0.0.0', startedAt: startedAt.toISOString() };
  const checks = outcomes.map((check) => ({ ruleId: check.ruleId, check: toCheckResult(check) }));
  const report = buildReport({ ...described, durationMs: Date.now() - startedAt.getTime() }, checks);
  return writeReports(resolve(dir), report, secrets, historySize);
}

/** Read-only mode: a selected rule that judged nothing was sent nothing it applies to, and is skipped so. */
function readOnlySkips(info: Settings, judged: readonly Outcome[]): Outcome[] {
  const ran = new Set(judged.map((c) => c.ruleId));
  return info.rules
    .filter((id) => !ran.has(id))
    .map((id) => ({
      ruleId: id,
      name: `${id}: nothing it applies to was sent`,
      status: 'skipped',
      reason:
        'read-only mode (CONFORMANCE_READ_ONLY=1): nothing this rule judges was sent (it needs the run’s own writes, or the id of a record to read: see the skipped probes)',
      exchanges: [],
    }));
}

/** Deletes what the ledger still lists of this run; never throws (an unreadable ledger is a reason). */
async function sweepRun(ledger: Ledger, api: ApiClient, runTag: string): Promise<SweepResult | string> {
  try {
    return await sending({ source: { kind: 'cleanup', name: 'the final cleanup of the run' } }, () =>
      sweepLedger(ledger, api, (entry) => entry.runTag === runTag),
    );
  } catch (error) {
    return `the cleanup ledger ${ledger.file} could not be used (${messageOf(error)})`;
  }
}

/** One sentence on the cleanup at the end of a run. */
function describeSweep(swept: SweepResult | string | undefined): string {
  if (swept === undefined) return '';
  if (typeof swept === 'string') return `Cleanup failed: ${swept}.`;
  const removed = `${swept.removed.length} record(s) left by the suites removed`;
  if (swept.failed.length === 0) return `${removed}.`;
  const first = swept.failed[0]?.reason ?? '';
  return `${removed}; ${swept.failed.length} could not be deleted (${first}) and stay in the ledger: run "commerce-conformance cleanup" once the target answers.`;
}

/** Whether the target still answers: undefined when it does, else why not (one request, no retry). */
async function stillAnswers(info: Settings): Promise<string | undefined> {
  const api = clientOf(info, { timeoutMs: Math.min(info.timeoutMs, 5000), retry: { retries: 0 } });
  try {
    await api.get('/v2/categories?page[limit]=1');
    return undefined;
  } catch (error) {
    return `a health probe got no answer either (${messageOf(error)})`;
  }
}

/**
 * Runs the selected suites with vitest, its own output discarded. `stop` cancels the run; one that does not
 * settle soon after is left behind, so that a hanging request can never hang the command line.
 */
async function runSuites(
  info: Settings,
  config: ConformanceConfig,
  selection: Selection,
  options: RunOptions,
  collector: Collector,
  stop: AbortSignal,
): Promise<string[]> {
  const files = suiteFiles(CODE_ROOT, selection);
  if (files.length === 0 || stop.aborted) return [];
  // Loaded only now: a run that stops at configuration or preflight answers at once.
  const { createVitest } = await import('vitest/node');
  const signals = ['SIGINT', 'SIGTERM'] as const;
  const listeners = new Set(signals.flatMap((signal) => process.listeners(signal)));
  let vitest: Awaited<ReturnType<typeof createVitest>>;
  try {
    // No configuration file to load, bundle and evaluate on every run.
    const { name: _name, ...project } = conformanceProject({ maxConcurrency: config.concurrency });
    vitest = await createVitest(
      'test',
      {
        ...project,
        root: CODE_ROOT,
        config: false,
        ...nativeModules(),
        watch: false,
        reporters: [collector],
        passWithNoTests: true,
        maxWorkers: config.workers,
        ...(options.shard ? { shard: options.shard } : {}),
      },
      {},
      { stdout: discard(), stderr: discard() },
    );
  } finally {
    // vitest's logger exits the process on SIGINT / SIGTERM; the command line handles them itself.
    for (const signal of signals)
      for (const listener of process.listeners(signal))
        if (!listeners.has(listener)) process.off(signal, listener);
  }
  // After a stop, running checks get this long to end, so the records they create still reach the ledger.
  const graceMs = Math.min(config.timeoutMs, 15_000) + 2000;
  let graceTimer: NodeJS.Timeout | undefined;
  let cancel = () => {};
  const abandoned = new Promise<void>((abandon) => {
    cancel = () => {
      void vitest.cancelCurrentRun('keyboard-input');
      graceTimer = setTimeout(abandon, graceMs);
    };
  });
  stop.addEventListener('abort', cancel, { once: true });
  try {
    if (stop.aborted) return [];
    vitest.provide('run', info);
    await Promise.race([vitest.start(files), abandoned]);
    return [];
  } catch (error) {
    return (error as { code?: string }).code === 'VITEST_FILES_NOT_FOUND'
      ? []
      : [`vitest: ${messageOf(error)}`];
  } finally {
    stop.removeEventListener('abort', cancel);
    await Promise.race([
      vitest.close(),
      stop.aborted ? delay(2000, undefined, { ref: false }) : new Promise(() => {}),
    ]);
    clearTimeout(graceTimer);
  }
}

/** Compiled, the suites' modules are loaded by Node itself: vitest would process each again in every worker. */
function nativeModules(): { server?: { deps: { external: RegExp[] } } } {
  if (CODE_EXTENSION !== 'js') return {};
  const root = CODE_ROOT.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return { server: { deps: { external: [new RegExp(root)] } } };
}

const discard = () => new Writable({ write: (_chunk, _encoding, callback) => callback() });

const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

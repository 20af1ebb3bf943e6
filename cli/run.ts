import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type Environment, loadConfig } from '../helpers/config/config.ts';
import { ConfigError } from '../helpers/config/errors.ts';
import type { RunInfo } from '../helpers/run/run-info.ts';
import { prepareTarget } from '../helpers/target/global-setup.ts';
import { PreflightError } from '../helpers/target/preflight.ts';
import type { CollectedCheck } from './collected.ts';
import { Collector } from './collector.ts';
import { NO_5XX_RULE, noServerErrorCheck } from './no-5xx.ts';
import { NullStream } from './null-stream.ts';
import { buildReport } from './report/build.ts';
import { toCheckResult } from './report/evidence.ts';
import type { ConformanceReport } from './report/model.ts';
import { writeReports } from './report/write.ts';
import { isFiltered, type Selection, selectedRuleIds, suiteFiles, testNamePattern } from './selection.ts';

/** The project root (where `vitest.config.ts` and `suites/` are). */
export const PROJECT_ROOT = fileURLToPath(new URL('..', import.meta.url));

export interface RunOptions {
  /** The settings (`CONFORMANCE_*`), flags already applied; the `.env` file is read under them. */
  readonly env: Environment;
  /** The dotenv file; default `.env` in the working directory. */
  readonly envFile?: string;
  readonly strict?: boolean;
  readonly selection?: Selection;
  /** `i/n`: run the i-th of n shares of the suite files. */
  readonly shard?: string;
  /** Progress: called with each finished check. */
  readonly onCheck?: (check: CollectedCheck) => void;
  /** Aborting cancels the run (SIGINT / SIGTERM): the target is released and no report is written. */
  readonly signal?: AbortSignal;
}

/** How a run ended. */
export interface RunOutcome {
  /** 0: no MUST rule failed (strict: nor SHOULD); 1: one did; 2: configuration, preflight or engine error. */
  readonly exitCode: 0 | 1 | 2;
  /** Exit code 2: the one message to show. */
  readonly message?: string;
  readonly report?: ConformanceReport;
  /** The report files written. */
  readonly files?: readonly string[];
  /** Notes to show (e.g. an unreadable previous report). */
  readonly notes?: readonly string[];
}

/**
 * Runs the conformance suites programmatically: validates the settings, prepares the target (embedded
 * reference server or base URL, client credentials, preflight) before any suite starts, runs the
 * `conformance` vitest project with the collector as its only reporter, adds the run-wide HTTP-NO-5XX check,
 * writes the reports and releases the target, whatever happens. Never throws for a configuration,
 * preflight or engine problem: those give exit code 2 and one message.
 */
export async function runConformance(options: RunOptions): Promise<RunOutcome> {
  const startedAt = new Date();
  const selection = options.selection ?? { rules: [], areas: [] };
  let config: ReturnType<typeof loadConfig>;
  let target: Awaited<ReturnType<typeof prepareTarget>>;
  try {
    config = loadConfig(options.env, options.envFile ? { envFile: options.envFile } : {});
    target = await prepareTarget(config);
  } catch (error) {
    if (error instanceof ConfigError || error instanceof PreflightError)
      return { exitCode: 2, message: error.message };
    return { exitCode: 2, message: `Cannot prepare the target: ${messageOf(error)}` };
  }
  const secrets = secretsOf(target.info, config.credentials);
  try {
    const collector = new Collector(options.onCheck);
    const engine = await runSuites(target.info, selection, options, collector);
    if (engine.interrupted) return { exitCode: 2, message: 'Interrupted: no report written.' };
    const checks = [...collector.checks];
    if (selectedRuleIds(selection).includes(NO_5XX_RULE)) checks.push(noServerErrorCheck(checks));
    const report = buildReport(
      {
        suiteVersion: suiteVersion(),
        target: target.info.baseUrl,
        embedded: target.info.embedded,
        startedAt: startedAt.toISOString(),
        durationMs: Date.now() - startedAt.getTime(),
        readOnly: config.readOnly,
        strict: options.strict ?? false,
        ...(isFiltered(selection) ? { filter: { rules: selection.rules, areas: selection.areas } } : {}),
        ...(options.shard ? { shards: [options.shard] } : {}),
        errors: [...engine.errors, ...collector.errors],
      },
      checks.map((check) => ({ ruleId: check.ruleId, check: toCheckResult(check) })),
    );
    const written = writeReports(resolve(config.reportDir), report, secrets);
    return {
      exitCode: written.report.errors.length > 0 ? 2 : written.report.verdict.exitCode,
      report: written.report,
      files: written.files,
      ...(written.previousProblem ? { notes: [written.previousProblem] } : {}),
    };
  } catch (error) {
    return { exitCode: 2, message: `The run failed: ${messageOf(error)}` };
  } finally {
    await target.release();
  }
}

/** Runs the selected suites with vitest; vitest's own output goes nowhere (the collector reports). */
async function runSuites(
  info: RunInfo,
  selection: Selection,
  options: RunOptions,
  collector: Collector,
): Promise<{ errors: string[]; interrupted: boolean }> {
  const files = suiteFiles(PROJECT_ROOT, selection);
  if (files.length === 0 || options.signal?.aborted)
    return { errors: [], interrupted: !!options.signal?.aborted };
  const pattern = testNamePattern(selection);
  // Loaded only now: a run that stops at configuration or preflight answers at once.
  const { createVitest } = await import('vitest/node');
  const vitest = await createVitest(
    'test',
    {
      root: PROJECT_ROOT,
      config: join(PROJECT_ROOT, 'vitest.config.ts'),
      project: 'conformance',
      watch: false,
      reporters: [collector],
      passWithNoTests: true,
      ...(pattern ? { testNamePattern: pattern } : {}),
      ...(options.shard ? { shard: options.shard } : {}),
    },
    {},
    { stdout: new NullStream(), stderr: new NullStream() },
  );
  let interrupted = false;
  const cancel = () => {
    interrupted = true;
    void vitest.cancelCurrentRun('keyboard-input');
  };
  options.signal?.addEventListener('abort', cancel, { once: true });
  try {
    vitest.provide('run', info);
    await vitest.start(files);
    return { errors: [], interrupted };
  } catch (error) {
    if ((error as { code?: string }).code === 'VITEST_FILES_NOT_FOUND') return { errors: [], interrupted };
    return { errors: [`vitest: ${messageOf(error)}`], interrupted };
  } finally {
    options.signal?.removeEventListener('abort', cancel);
    await vitest.close();
  }
}

function secretsOf(info: RunInfo, credentials: ReturnType<typeof loadConfig>['credentials']): string[] {
  const secrets = [info.token, ...info.secrets];
  if (credentials.kind === 'token') secrets.push(credentials.token);
  if (credentials.kind === 'client') secrets.push(credentials.clientSecret);
  return secrets;
}

/** The suite's version, from package.json. */
export function suiteVersion(): string {
  const pkg = JSON.parse(readFileSync(join(PROJECT_ROOT, 'package.json'), 'utf8')) as { version?: string };
  return pkg.version ?? '0.0.0';
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

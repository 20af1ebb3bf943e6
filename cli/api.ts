/** The package's programmatic API (through `index.ts`): a thin, typed layer over `run.ts` and the reference server. */

import type { Outcome } from '../helpers/check/outcome.ts';
import type { SettingName } from '../helpers/config/settings.ts';
import { isArea, type RuleArea } from '../rules/catalogue.ts';
import { validShard } from './args.ts';
import { type RunOutcome, runConformance as runEngine } from './run.ts';

export type { ReferenceServer, ReferenceServerOptions } from '../reference/server.ts';
export { startReferenceServer } from '../reference/server.ts';
export type { RuleArea, RuleLevel } from '../rules/catalogue.ts';
export type {
  CheckResult,
  CheckStatus,
  ConformanceReport,
  RuleResult,
  RuleStatus,
  StatusCounts,
} from './report/model.ts';
export type { Outcome, RunOutcome, SettingName };

/** The options of {@link runConformance}: the settings of the command line, by name. */
export interface ConformanceOptions {
  /** The part of the URL before `/v2`. Absent: the embedded reference server. */
  readonly baseUrl?: string;
  readonly token?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** Default `reports`. */
  readonly reportDir?: string;
  readonly readOnly?: boolean;
  readonly strict?: boolean;
  readonly baseline?: string;
  readonly strictBaseline?: boolean;
  readonly label?: string;
  readonly rules?: readonly string[];
  readonly areas?: readonly RuleArea[];
  /** `i/n`. */
  readonly shard?: string;
  /** Any setting by name; the named options win. */
  readonly settings?: Partial<Record<SettingName, string>>;
  /** Default `process.env`, and `.env` in the working directory. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  readonly envFile?: string;
  readonly onCheck?: (check: Outcome) => void;
  /** Aborting stops the run: its records are deleted, and the report (if a check ended) is marked stopped. */
  readonly signal?: AbortSignal;
}

/** Runs the suites and writes the reports as `commerce-conformance` does; never throws for a bad option or target. */
export async function runConformance(options: ConformanceOptions = {}): Promise<RunOutcome> {
  const rules = (options.rules ?? []).map((id) => id.trim().toUpperCase());
  const areas = options.areas ?? [];
  const badArea = areas.find((area) => !isArea(area));
  if (badArea !== undefined) return { exitCode: 2, message: `areas: "${badArea}" is not an area` };
  if (options.shard !== undefined && !validShard(options.shard))
    return {
      exitCode: 2,
      message: `shard: expected i/n with 1 <= i <= n (e.g. 1/3), got "${options.shard}"`,
    };
  const named: Partial<Record<SettingName, string>> = {
    ...(options.baseUrl !== undefined ? { CONFORMANCE_BASE_URL: options.baseUrl } : {}),
    ...(options.token !== undefined ? { CONFORMANCE_TOKEN: options.token } : {}),
    ...(options.clientId !== undefined ? { CONFORMANCE_CLIENT_ID: options.clientId } : {}),
    ...(options.clientSecret !== undefined ? { CONFORMANCE_CLIENT_SECRET: options.clientSecret } : {}),
    ...(options.reportDir !== undefined ? { CONFORMANCE_REPORT_DIR: options.reportDir } : {}),
    ...(options.readOnly !== undefined ? { CONFORMANCE_READ_ONLY: options.readOnly ? '1' : '0' } : {}),
    ...(options.baseline !== undefined ? { CONFORMANCE_BASELINE: options.baseline } : {}),
    ...(options.label !== undefined ? { CONFORMANCE_LABEL: options.label } : {}),
  };
  return runEngine({
    ...options,
    env: { ...(options.env ?? process.env), ...options.settings, ...named },
    selection: { rules, areas },
  });
}

import type { ConformanceConfig } from '../config/config.ts';

/**
 * The settings of a run: its configuration (`helpers/config/config.ts`) with the target resolved, decided once
 * in the main process (`cli/target/prepare.ts`) and handed to the suites' workers through vitest's `provide` /
 * `inject`. The one settings object: the suites, the rules' verdicts (`t.settings`), the probes and the
 * command line read the same fields.
 */
export interface Settings extends Omit<ConformanceConfig, 'baseUrl' | 'credentials' | 'seed'> {
  /** The target, the part before `/v2`. */
  readonly baseUrl: string;
  readonly token: string;
  /** Other secrets to keep out of evidence (a client secret). */
  readonly secrets: readonly string[];
  /** True when the target is the embedded reference server. */
  readonly embedded: boolean;
  /** The cleanup ledger (`<report dir>/ledger.json`): every record the run creates is written there. */
  readonly ledgerFile: string;
  /** Marks every record this run creates (in names and slugs), e.g. `cc-k3x9q2`. */
  readonly runTag: string;
  /** Seed of the generated inputs (configured or random), recorded in every report. */
  readonly seed: number;
  /** The rules the run judges (`--rule`, `--area`; every rule when none is given). */
  readonly rules: readonly string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    run: Settings;
  }
}

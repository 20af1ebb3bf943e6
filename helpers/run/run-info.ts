import type { RuleId } from '../catalogue/rules.ts';
import type { ExistingIds } from '../config/config.ts';
import type { Depth } from '../inputs/profile.ts';

/**
 * What every suite needs to know about the run, decided once in the global setup (main process) and handed
 * to the test workers through vitest's `provide` / `inject`.
 */
export interface RunInfo {
  /** The target, the part before `/v2`. */
  readonly baseUrl: string;
  readonly token: string;
  /** Other secrets to keep out of evidence (a client secret). */
  readonly secrets: readonly string[];
  /** True when the target is the embedded reference server. */
  readonly embedded: boolean;
  readonly timeoutMs: number;
  /** Retries of a retryable request (helpers/http/retry.ts). */
  readonly retries: number;
  /** The cleanup ledger (`<report dir>/ledger.json`): every record the run creates is written there. */
  readonly ledgerFile: string;
  readonly paymentToken: string;
  readonly defaultPageLimit: number;
  readonly readOnly: boolean;
  readonly existingIds: ExistingIds;
  /** Marks every record this run creates (in names and slugs), e.g. `cc-k3x9q2`. */
  readonly runTag: string;
  /** The depth profile (helpers/inputs/profile.ts): deep adds the generated exploration. */
  readonly depth: Depth;
  /** Seed of the generated inputs (configured or random), recorded in every report. */
  readonly seed: number;
  /** Deep profile: the most requests the generated exploration sends, shared by a fixed table. */
  readonly requestBudget: number;
  /** The rules the run judges (`--rule`, `--area`; every rule when none is given). */
  readonly rules: readonly RuleId[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    run: RunInfo;
  }
}

import type { ConformanceConfig } from '../config/config.ts';

/** The settings of a run, decided once in the main process and handed to the suites' workers (`inject`). */
export interface Settings extends Omit<ConformanceConfig, 'baseUrl' | 'credentials' | 'seed'> {
  readonly baseUrl: string;
  readonly token: string;
  /** Other secrets to keep out of evidence (a client secret). */
  readonly secrets: readonly string[];
  /** The target is the embedded reference server. */
  readonly embedded: boolean;
  readonly ledgerFile: string;
  /** Marks every record this run creates (in names and slugs), e.g. `cc-k3x9q2`. */
  readonly runTag: string;
  readonly seed: number;
  /** The rules the run judges. */
  readonly rules: readonly string[];
}

declare module 'vitest' {
  export interface ProvidedContext {
    run: Settings;
  }
}

/**
 * Declarations of the package's programmatic API (index.mjs → cli/api.ts). `cli/api.test.ts` checks at
 * compile time that the implementation fits them.
 */

export type RuleLevel = 'MUST' | 'SHOULD' | 'INFO';
export type RuleArea =
  | 'http'
  | 'transactions'
  | 'integrations'
  | 'pagination'
  | 'includes'
  | 'authentication';
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'error' | 'observed';
export type RuleStatus = CheckStatus | 'untested';
export type StatusCounts = Record<RuleStatus, number>;

/** One finished check, as given to `onCheck`. */
export interface CheckProgress {
  readonly ruleId: string;
  /** `ID LEVEL: title`. */
  readonly name: string;
  readonly status: CheckStatus;
  readonly file?: string;
  readonly durationMs?: number;
  /** failed / error: what was expected and what came back. */
  readonly message?: string;
  /** skipped: why. */
  readonly reason?: string;
  readonly observations?: Record<string, unknown>;
}

/** One check as kept in the report (see docs/reports.md for the evidence fields). */
export interface CheckResult {
  readonly name: string;
  readonly status: CheckStatus;
  readonly file?: string;
  readonly durationMs?: number;
  readonly message?: string;
  readonly reason?: string;
  readonly observations?: Record<string, unknown>;
  readonly exchangeCount: number;
  readonly curl?: string;
}

/** One rule of the catalogue with its outcome. */
export interface RuleResult {
  readonly id: string;
  readonly level: RuleLevel;
  readonly area: RuleArea;
  /** The section of the specification, e.g. `§4.3`. */
  readonly section: string;
  readonly title: string;
  readonly status: RuleStatus;
  readonly reason?: string;
  readonly observations?: Record<string, unknown>;
  /** Only for a rule listed in the run's baseline: known, stale, unsupported or expired, with the entry's note. */
  readonly baseline?: {
    readonly mark: 'known' | 'stale' | 'unsupported' | 'expired';
    readonly note: string;
    readonly until?: string;
  };
  readonly checks: readonly CheckResult[];
}

/** The report, as written to `conformance.json` (format 1). */
export interface ConformanceReport {
  readonly format: 1;
  readonly suiteVersion: string;
  /** What is needed to trust the report later (docs/baselines-history-diff-matrix.md, "Baselines and the verdict"). */
  readonly metadata: {
    readonly label: string;
    /** `sha256:<hex>` of the rule catalogue's [id, level, text], sorted by ID. */
    readonly catalogueHash: string;
    readonly seed: number | null;
    readonly depth: 'gate' | 'deep';
    readonly selection: {
      readonly rules: readonly string[];
      readonly areas: readonly string[];
      readonly shards?: readonly string[];
      readonly rerunOf?: string;
    };
    /** The target's own `Server` header, when it sends one. */
    readonly server?: string;
  };
  readonly target: string;
  readonly embedded: boolean;
  readonly startedAt: string;
  readonly durationMs: number;
  readonly readOnly: boolean;
  /**
   * Only for a run stopped before its end (SIGINT / SIGTERM, deadline, circuit breaker): the report holds what
   * it judged before the stop (the rules it did not reach are untested), and its exit code is 2.
   */
  readonly stopped?: {
    readonly kind: 'interrupted' | 'deadline' | 'breaker';
    /** Why, as the command line printed it. */
    readonly reason: string;
  };
  readonly summary: StatusCounts;
  readonly byArea: readonly ({ readonly area: RuleArea } & StatusCounts)[];
  readonly byLevel: readonly ({ readonly level: RuleLevel } & StatusCounts)[];
  readonly verdict: {
    /** 0: green; 1: a failure not in the baseline (or, strict baseline, a stale entry); 2: incomplete or stopped. */
    readonly exitCode: 0 | 1 | 2;
    readonly outcome: 'passed' | 'failed' | 'incomplete';
    readonly strict: boolean;
    readonly strictBaseline: boolean;
    /** Failed and not in the baseline. */
    readonly failedMust: readonly string[];
    readonly failedShould: readonly string[];
    /** MUST rules of the selection not evaluated (skipped, not evaluated, untested). */
    readonly incomplete: readonly string[];
    /** MUST rules the configuration left out, by cause. */
    readonly excluded: readonly {
      readonly by: 'filter' | 'shard' | 'read-only' | 'recording';
      readonly rules: readonly string[];
    }[];
    readonly baseline?: {
      readonly file: string;
      readonly entries: number;
      readonly known: readonly string[];
      readonly new: readonly string[];
      readonly stale: readonly string[];
      readonly unsupported: readonly string[];
      readonly expired: readonly string[];
    };
  };
  /** Engine problems; any makes the exit code 2. */
  readonly errors: readonly string[];
  /** Every rule of the catalogue, in catalogue order. */
  readonly rules: readonly RuleResult[];
}

/** How a run ended. */
export interface RunOutcome {
  /** 0: green; 1: a MUST rule failed outside the baseline (strict: or SHOULD); 2: incomplete, stopped, or the run could not be made. */
  readonly exitCode: 0 | 1 | 2;
  /** Exit code 2: the one message to show (a stopped run that wrote its report: why, and the cleanup). */
  readonly message?: string;
  readonly report?: ConformanceReport;
  /** The report files written. */
  readonly files?: readonly string[];
  /** Notes to show, e.g. an unreadable previous report. */
  readonly notes?: readonly string[];
}

/** The names of the settings, as in `.env.example` (`CONFORMANCE_TIMEOUT_MS`, …). */
export type SettingName = `CONFORMANCE_${string}`;

export interface ConformanceOptions {
  /** The target, the part of the URL before `/v2`. Absent: the embedded reference server. */
  readonly baseUrl?: string;
  readonly token?: string;
  readonly clientId?: string;
  readonly clientSecret?: string;
  /** Default `reports`. */
  readonly reportDir?: string;
  readonly readOnly?: boolean;
  readonly strict?: boolean;
  /** A baseline file of expected failures (`CONFORMANCE_BASELINE`). */
  readonly baseline?: string;
  /** A stale baseline entry (its rule now passes) fails the run (`--strict-baseline`). */
  readonly strictBaseline?: boolean;
  /** The target's name in reports (`CONFORMANCE_LABEL`). */
  readonly label?: string;
  readonly rules?: readonly string[];
  readonly areas?: readonly RuleArea[];
  /** `i/n`. */
  readonly shard?: string;
  /** Any setting by name; the named options win. */
  readonly settings?: Partial<Record<SettingName, string>>;
  /** Default `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Default `.env` in the working directory. */
  readonly envFile?: string;
  readonly onCheck?: (check: CheckProgress) => void;
  /** Aborting stops the run: its records are deleted, and the report (if a check ended) is marked stopped. */
  readonly signal?: AbortSignal;
}

/**
 * Runs the conformance suites and writes the reports, as `commerce-conformance` does. Never throws for a bad
 * option, an unreachable target or an engine problem: exit code 2 and `message`.
 */
export declare function runConformance(options?: ConformanceOptions): Promise<RunOutcome>;

export interface ReferenceServerOptions {
  /** Default `127.0.0.1`. */
  host?: string;
  /** Default 0: a free port. */
  port?: number;
  /** Default `reference-token`. */
  token?: string;
  /** Default `reference-client`. */
  clientId?: string;
  /** Default `reference-secret`. */
  clientSecret?: string;
  /** Demo products at start, ten to a category. Default 0. */
  demoProducts?: number;
  /** `page[limit]` of a listing request without one; 1 to 100, default 100. */
  defaultPageLimit?: number;
  /** Faults to switch on (`commerce-conformance reference --list-faults`). */
  faults?: Iterable<string>;
  /** Conformant variants to switch on (`commerce-conformance reference --list-variants`). */
  variants?: Iterable<string>;
  listingOrder?: 'oldest-first' | 'newest-first';
}

export interface ReferenceServer {
  /** `http://<host>:<port>`, no trailing slash and no `/v2`. */
  url: string;
  /** The bearer token it accepts. */
  token: string;
  close(): Promise<void>;
}

/** Starts the embedded reference server. Throws a RangeError for a bad option, the listen error otherwise. */
export declare function startReferenceServer(options?: ReferenceServerOptions): Promise<ReferenceServer>;

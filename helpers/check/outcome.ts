/** Outcomes as data, left in a test's meta for the command line's collector. */
import type { Evidence } from '../http/evidence.ts';
import { SENDERS } from '../http/journal.ts';
import type { Visits } from '../inputs/coverage.ts';
import type { DepthRecord, ExplorationTally } from '../inputs/record.ts';
import type { RuleTally, SourceKind } from '../judge/judging.ts';

/** `error`: not evaluated; `observed`: a check of an INFO rule ran (INFO rules are never judged). */
export type CheckStatus = 'passed' | 'failed' | 'skipped' | 'error' | 'observed';

/** One finished check, with every exchange it kept, before evidence is trimmed for a report. */
export interface Outcome {
  readonly ruleId: string;
  /** `ID LEVEL: title`. */
  readonly name: string;
  readonly status: CheckStatus;
  /** Set by the collector. */
  readonly file?: string;
  readonly durationMs?: number;
  /** failed / error: what was expected and what came back, or why not evaluated; skipped: why. */
  readonly message?: string;
  readonly reason?: string;
  readonly observations?: Record<string, unknown>;
  readonly exchanges: readonly Evidence[];
  /** How many exchanges it looked at, when not `exchanges.length` (an exchange rule's tally). */
  readonly exchangeCount?: number;
  /** The exchange the failure names (one of `exchanges`). */
  readonly keyExchange?: Evidence;
  /** An exchange rule's tally: the exchanges it judged, by sender. */
  readonly bySource?: Partial<Record<SourceKind, number>>;
  /** A request got no HTTP answer (refused, reset, timeout): status `error`, or an input left unjudged. */
  readonly transport?: boolean;
  /** Status `error` because the check was cancelled or timed out before it ended. */
  readonly unfinished?: boolean;
  /** Status `error` because the target declined a request for too long. */
  readonly declined?: boolean;
  /** Distinct inputs judged, and what a deep exploration spent. */
  readonly depth?: DepthRecord;
}

/** The outcome an exchange rule's tally stands for (failed with its first failure's evidence and sender). */
export function tallyOutcome(tally: RuleTally, where: string): Outcome {
  const { rule } = tally;
  const first = tally.failures[0];
  const base = {
    ruleId: rule.id,
    name: `${rule.id} ${rule.level}: every exchange it applies to in ${where} (${tally.judged} judged)`,
    exchanges: tally.failures.map((f) => f.evidence),
    exchangeCount: tally.judged,
    depth: { inputs: tally.judged, skippedInputs: 0, skipReasons: [] },
    bySource: tally.bySource,
  };
  if (first) {
    const { kind, name, input } = first.source;
    const sender = `sent by ${SENDERS[kind]} "${name}"${input ? ` (input ${input})` : ''}`;
    const more = tally.failed > 1 ? `; ${tally.failed} of the ${tally.judged} exchanges failed` : '';
    const message = `${first.message} [${sender}${first.note ? `; ${first.note}` : ''}${more}]`;
    return { ...base, status: 'failed', message, keyExchange: first.evidence };
  }
  const error = tally.errors[0];
  return error
    ? { ...base, status: 'error', message: `not evaluated: ${error}` }
    : { ...base, status: 'passed' };
}

declare module 'vitest' {
  interface TaskMeta {
    /** What the test judged (a check: its outcome; a suite file's last test: its exchange rules' tallies). */
    outcomes?: Outcome[];
    /** A probe that could not run, and why. */
    skippedProbe?: { readonly name: string; readonly reason: string; readonly transport?: true };
    /** A suite file's last test: what the deep explorations of its probes spent. */
    explorations?: ExplorationTally[];
    /** A suite file's last test: the points of the space its exchanges visited. */
    coverage?: Visits;
  }
}

import fc from 'fast-check';
import type { RuleId } from '../catalogue/rules.ts';
import { type CheckOptions, check } from '../check/check.ts';
import type { CheckContext } from '../check/context.ts';
import { ConformanceFailure, PrerequisiteError } from '../check/failure.ts';
import { currentRun } from '../run/run.ts';
import type { ExplorationName } from './allocation.ts';
import { BudgetExhausted } from './budget.ts';
import { withInput } from './failure.ts';
import { ExplorationPool, type PoolClient } from './pool.ts';
import { replayCommand } from './profile.ts';
import { type ExplorationTally, InputSkipped, noteInput, noteSkippedInput } from './record.ts';

/** A generated exploration of one rule (deep profile). */
export interface Exploration<T> {
  /** Its row of the allocation table (`allocation.ts`): its share of the request budget. */
  readonly name: ExplorationName;
  /** The inputs, derived from the specification and the schemas (`arbitraries.ts`). */
  readonly arbitrary: fc.Arbitrary<T>;
  /** The input as a report shows it; inputs with the same text count once. */
  readonly show: (input: T) => string;
  /**
   * The pool of the checks that judge the same inputs, one per rule (see `pool.ts`); absent: the
   * exploration has its row of the allocation table to itself.
   */
  readonly pool?: ExplorationPool;
  /**
   * Judges one input: sends its requests through `api` (each counted against the exploration's share) and
   * asserts with the check's assertions; `skipInput(reason)` leaves the input unjudged (a legitimate
   * refusal), never failed.
   */
  readonly judge: (input: T, api: PoolClient) => Promise<void>;
}

/**
 * An exploration, typed from its arbitrary (so that `show` and `judge` get the input's type): what the
 * function given to {@link exploreCheck} returns.
 */
export function exploration<T>(spec: Exploration<T>): Exploration<T> {
  return spec;
}

/**
 * Runs an exploration inside a check (deep profile): fast-check draws inputs from the exploration's own seed
 * (the run's seed and the exploration's name, `seed.ts`) and judges them one after the other until the
 * exploring part of its share of the request budget is spent (`pool.ts`). The first input that breaks the rule is shrunk by fast-check, within what
 * is left of the share, to a minimal failing input; the check fails with that input's failure (expected,
 * actual, the exchange) plus the input and the command that replays it. A request without an answer stops
 * the exploration (the check is not evaluated); when no input could be judged, the check is skipped with
 * the first reason.
 */
export async function explore<T>(t: CheckContext, exploration: Exploration<T>): Promise<void> {
  const pool = exploration.pool ?? new ExplorationPool(exploration.name, t.run);
  const api = pool.client(t.api, (response) => t.attach(response));
  const tally: ExplorationTally = {
    name: exploration.name,
    seed: pool.seed,
    allowance: pool.budget.allowance,
    requests: 0,
  };
  t.depth.exploration = tally;
  let stopped: { error: unknown } | undefined;
  let firstSkip: string | undefined;

  const property = fc.asyncProperty(exploration.arbitrary, async (input) => {
    if (stopped) return true;
    const shown = exploration.show(input);
    try {
      await exploration.judge(input, api);
      noteInput(t.depth, shown);
      return true;
    } catch (error) {
      if (error instanceof BudgetExhausted) return true;
      if (error instanceof InputSkipped || error instanceof PrerequisiteError) {
        firstSkip ??= `${shown}: ${error.message}`;
        noteSkippedInput(t.depth, `${shown}: ${error.message}`);
        return true;
      }
      if (error instanceof ConformanceFailure) {
        noteInput(t.depth, shown);
        api.shrinking = true;
        throw error;
      }
      stopped = { error };
      return true;
    } finally {
      tally.requests = api.paid;
    }
  });
  const numRuns = Math.max(1, pool.budget.allowance);
  const details = await fc.check(property, { seed: pool.seed, numRuns, verbose: 0 });
  tally.requests = api.paid;
  if (stopped) throw stopped.error;
  if (details.failed) {
    const error = details.errorInstance;
    if (!(error instanceof ConformanceFailure)) {
      throw new Error(`the exploration ${exploration.name} failed: ${String(error)}`);
    }
    tally.shrinks = details.numShrinks;
    const input = details.counterexample?.[0] as T;
    throw withInput(
      error,
      `minimal failing input after ${details.numShrinks} shrink step(s): ${exploration.show(input)}; replay: ${replayCommand(t.run.seed, error.ruleId)}`,
    );
  }
  if (t.depth.inputs === 0) {
    t.skip(
      firstSkip !== undefined
        ? `no generated input could be judged; ${firstSkip}`
        : `no generated input could be judged within the exploration's share of the request budget (${pool.budget.allowance} of ${t.run.requestBudget})`,
    );
  }
}

/**
 * Declares a check of `ruleId` that runs a generated exploration, in the deep profile only (in the gate
 * profile the check does not exist). `make` builds the exploration once the check runs, so that it can use
 * the suite's fixtures (a listing's total, a record of the run). The title says it is generated.
 */
export function exploreCheck<T>(
  ruleId: RuleId,
  title: string,
  make: (t: CheckContext) => Promise<Exploration<T>>,
  options: CheckOptions = {},
): void {
  if (currentRun().info.depth !== 'deep') return;
  check(ruleId, `${title} (deep: generated inputs)`, async (t) => explore(t, await make(t)), options);
}

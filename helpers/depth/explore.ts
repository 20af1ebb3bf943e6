import fc from 'fast-check';
import type { RuleId } from '../catalogue/rules.ts';
import { type CheckOptions, check } from '../check/check.ts';
import type { CheckContext } from '../check/context.ts';
import { ConformanceFailure, PrerequisiteError } from '../check/failure.ts';
import { currentRun } from '../run/run.ts';
import { allowanceOf, type ExplorationName } from './allocation.ts';
import { BudgetExhausted, BudgetedClient, RequestBudget } from './budget.ts';
import { withInput } from './failure.ts';
import { replayCommand } from './profile.ts';
import { InputSkipped, noteInput, noteSkippedInput } from './record.ts';
import { explorationSeed } from './seed.ts';

/** A generated exploration of one rule (deep profile). */
export interface Exploration<T> {
  /** Its row of the allocation table (`allocation.ts`): its share of the request budget. */
  readonly name: ExplorationName;
  /** The inputs, derived from the specification and the schemas (`arbitraries.ts`). */
  readonly arbitrary: fc.Arbitrary<T>;
  /** The input as a report shows it; inputs with the same text count once. */
  readonly show: (input: T) => string;
  /** Most requests one input costs: an input is started only when that many are left. Default 1. */
  readonly cost?: number;
  /**
   * Judges one input: sends its requests through `api` (each counted against the exploration's share) and
   * asserts with the check's assertions; `skipInput(reason)` leaves the input unjudged (a legitimate
   * refusal), never failed.
   */
  readonly judge: (input: T, api: BudgetedClient) => Promise<void>;
}

/**
 * Runs an exploration inside a check (deep profile): fast-check draws inputs from the exploration's own seed
 * (the run's seed and the exploration's name, `seed.ts`) and judges them one after the other until its share
 * of the request budget is spent. The first input that breaks the rule is shrunk by fast-check, within what
 * is left of the share, to a minimal failing input; the check fails with that input's failure (expected,
 * actual, the exchange) plus the input and the command that replays it. A request without an answer stops
 * the exploration (the check is not evaluated); when no input could be judged, the check is skipped with
 * the first reason.
 */
export async function explore<T>(t: CheckContext, exploration: Exploration<T>): Promise<void> {
  const seed = explorationSeed(t.run.seed, exploration.name);
  const allowance = allowanceOf(exploration.name, t.run.requestBudget);
  const budget = new RequestBudget(allowance);
  const api = new BudgetedClient(t.api, budget);
  const tally = { name: exploration.name, seed, allowance, requests: 0 };
  t.depth.exploration = tally;
  const cost = exploration.cost ?? 1;
  let stopped: { error: unknown } | undefined;
  let firstSkip: string | undefined;

  const property = fc.asyncProperty(exploration.arbitrary, async (input) => {
    if (stopped || budget.remaining < cost) return true;
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
        throw error;
      }
      stopped = { error };
      return true;
    } finally {
      tally.requests = budget.used;
    }
  });
  const details = await fc.check(property, { seed, numRuns: Math.max(1, allowance), verbose: 0 });
  tally.requests = budget.used;
  if (stopped) throw stopped.error;
  if (details.failed) {
    const error = details.errorInstance;
    if (!(error instanceof ConformanceFailure)) {
      throw new Error(`the exploration ${exploration.name} failed: ${String(error)}`);
    }
    Object.assign(tally, { shrinks: details.numShrinks });
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
        : `no generated input could be judged within the exploration's share of the request budget (${allowance} of ${t.run.requestBudget})`,
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

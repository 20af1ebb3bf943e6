/**
 * Depth is inputs: a check's or a probe's body judged over boundary values (every profile) and, deep, over
 * inputs fast-check draws from an arbitrary within the exploration's share of the request budget; for a check
 * a failure is its own assertion, for a probe any exchange rule's verdict on what the input sent
 * (`helpers/check/check.ts`). Each input runs in its own sending context: its requests are journaled with the
 * source `boundary` or `generated`, the name and the input as shown, and, deep, counted against the budget.
 * Generated inputs are judged {@link INPUTS_AT_ONCE} at a time, in the order the row's seed draws them; the
 * first failing one is shrunk by fast-check (within the rest of the share) to a minimal failing one.
 */
import fc from 'fast-check';
import { Skip, Unjudgeable } from '../check/failure.ts';
import { TransportError } from '../http/errors.ts';
import { type Source, sending } from '../http/journal.ts';
import { allowanceOf, type ExplorationName } from './allocation.ts';
import { BudgetExhausted, RequestBudget } from './budget.ts';
import { explorationBudget } from './profile.ts';
import { type DepthRecord, type ExplorationTally, noteInput, noteSkippedInput } from './record.ts';
import { explorationSeed } from './seed.ts';

/** The part of an exploration's share kept for shrinking: exploring stops when only this much is left. */
export const SHRINK_RESERVE = 0.25;

/** Generated inputs of one exploration judged at the same time (their requests overlap on a distant target). */
export const INPUTS_AT_ONCE = 8;

/** The inputs of a check or a probe. */
export interface Inputs<T> {
  /** The input as a report shows it; inputs with the same text count once. */
  readonly show: (input: T) => string;
  /** Boundary values, judged in every profile, all at the same time. */
  readonly gate?: readonly T[];
  /**
   * Deep profile: inputs drawn from `arbitrary`, seeded and budgeted by the exploration's row (`allocation.ts`).
   * `classes`: the classes of the space that every seed must reach (odd and even page lengths, a last page of
   * one record, each write path with each kind of credentials…), each visited once before the rest is drawn,
   * the seed choosing the value inside the class.
   */
  readonly deep?: {
    readonly row: ExplorationName;
    readonly arbitrary: fc.Arbitrary<T>;
    readonly classes?: readonly fc.Arbitrary<T>[];
    /**
     * The size of a drawn input (a sequence's steps): of the failing inputs judged at once, the smallest is
     * shrunk (its replay costs the share's reserve least). Absent: the first drawn.
     */
    readonly size?: (input: T) => number;
  };
}

/** What judging inputs needs of the run. */
export interface InputRun {
  readonly depth: 'gate' | 'deep';
  readonly seed: number;
  readonly requestBudget: number;
  /**
   * The shares of the budget by row, when the inputs of several checks share them: the checks of several
   * rules that judge the same generated inputs (the walks that three pagination rules judge) give
   * the same row, so they draw the same inputs (the row's seed) and spend one share, and what they fetch once
   * (a memoised walk) is paid for once. Absent: a share of its own.
   */
  readonly shares?: Map<string, RequestBudget>;
}

/** The minimal failing input of a deep exploration, and how it was found. */
export interface Shrunk<T> {
  readonly input: T;
  readonly error: unknown;
  readonly shrinks: number;
}

/**
 * Judges `each` over the inputs. `attempt` sends and judges one input; it throws what `isFailure` recognises
 * to fail it, {@link Skip} or a prerequisite error to leave it unjudged. Boundary failures are
 * returned in list order; a deep failure is returned shrunk. Counts judged and skipped inputs in `depth`.
 */
export async function runInputs<T>(
  run: InputRun,
  name: string,
  inputs: Inputs<T>,
  depth: DepthRecord,
  attempt: (input: T) => Promise<void>,
  isFailure: (error: unknown) => boolean,
  /** The source of every input's requests, when it is not `boundary` or `generated` by profile (`replay`). */
  kind?: Source['kind'],
): Promise<Found<T>> {
  const out: Found<T> = {};
  const within = (input: T, byProfile: Source['kind'], extra = {}) =>
    sending({ source: { kind: kind ?? byProfile, name, input: inputs.show(input) }, ...extra }, () =>
      attempt(input),
    );

  const gate = inputs.gate ?? [];
  const outcomes = await Promise.allSettled(gate.map((input) => within(input, 'boundary')));
  for (const [index, outcome] of outcomes.entries()) {
    const input = gate[index] as T;
    const shown = inputs.show(input);
    if (outcome.status === 'fulfilled') noteInput(depth, shown);
    else if (isSkip(outcome.reason)) noteSkipped(out, depth, shown, outcome.reason);
    else if (outcome.reason instanceof TransportError) unanswered(out, depth, shown, outcome.reason);
    else if (isFailure(outcome.reason)) {
      noteInput(depth, shown);
      out.boundary ??= { input, error: outcome.reason };
    } else throw outcome.reason;
  }

  const deep = inputs.deep;
  if (run.depth !== 'deep' || !deep) return out;
  const budget =
    run.shares?.get(deep.row) ??
    new RequestBudget(allowanceOf(deep.row, explorationBudget(run.requestBudget)), SHRINK_RESERVE);
  run.shares?.set(deep.row, budget);
  const seed = explorationSeed(run.seed, deep.row);
  const tally: ExplorationTally = { name: deep.row, seed, allowance: budget.allowance, requests: 0 };
  depth.exploration = tally;
  // Every attempt of the exploration's requests is counted against the share, and in the tally.
  const counted = {
    take: () => {
      budget.take();
      tally.requests += 1;
    },
  };
  let stopped: { error: unknown } | undefined;
  let exhausted = false;
  /** Judges one drawn input: true when it held (or could not be judged); throws its failure. */
  const judgeInput = async (input: T): Promise<boolean> => {
    if (stopped || exhausted) return true;
    const shown = inputs.show(input);
    try {
      await within(input, 'generated', { budget: counted });
      noteInput(depth, shown);
      return true;
    } catch (error) {
      if (error instanceof BudgetExhausted) {
        exhausted = true;
        return true;
      }
      if (isSkip(error)) {
        noteSkipped(out, depth, shown, error);
        return true;
      }
      if (isFailure(error)) {
        noteInput(depth, shown);
        throw error;
      }
      if (error instanceof TransportError) {
        unanswered(out, depth, shown, error);
        return true;
      }
      stopped = { error };
      return true;
    }
  };
  /** Judges `list` a few at a time (a distant target's round trips overlap) until one fails, or the share is spent. */
  const judgeAll = async (list: readonly T[]) => {
    for (let i = 0; i < list.length && !exhausted && !stopped; i += INPUTS_AT_ONCE) {
      const batch = await Promise.allSettled(
        list.slice(i, i + INPUTS_AT_ONCE).map((input) => judgeInput(input)),
      );
      // Of the batch's failing inputs, the smallest by the inputs' size (else the first drawn).
      const size = (at: number) => deep.size?.(list[at] as T) ?? 0;
      let failed: { at: number; error: unknown } | undefined;
      for (const [k, result] of batch.entries())
        if (result.status === 'rejected' && (!failed || size(i + k) < size(failed.at)))
          failed = { at: i + k, error: result.reason };
      if (failed) return failed;
    }
    return undefined;
  };
  // The classes first: one input of each, the seed choosing inside the class, so that every seed reaches them.
  const classes = (deep.classes ?? []).map((arbitrary, k) => {
    const classSeed = explorationSeed(seed, `class ${k}`);
    return {
      arbitrary,
      seed: classSeed,
      input: fc.sample(arbitrary, { seed: classSeed, numRuns: 1 })[0] as T,
    };
  });
  let failed: { at: number; error: unknown; arbitrary: fc.Arbitrary<T>; seed: number; input: T } | undefined;
  const classFailed = await judgeAll(classes.map((c) => c.input));
  if (classes.length > 0) tally.classes = classes.length;
  if (classFailed) {
    const visit = classes[classFailed.at] as (typeof classes)[number];
    failed = { ...visit, at: 0, error: classFailed.error };
  } else if (!exhausted && !stopped) {
    // Exploring: the row's inputs in the order its seed draws them, until the exploring part of the share is
    // spent or one fails.
    const drawn = fc.sample(deep.arbitrary, { seed, numRuns: Math.max(1, budget.allowance) });
    const found = await judgeAll(drawn);
    if (found) failed = { ...found, arbitrary: deep.arbitrary, seed, input: drawn[found.at] as T };
  }
  if (stopped) throw stopped.error;
  if (!failed) return out;
  // Shrinking: fast-check replays the property from the failing run (`path`: the same seed draws the same
  // inputs: of the class, or of the row) and shrinks it within the rest of the share, the reserve included
  // (opened only now: the inputs judged beside the failing one spend the exploring part only).
  exhausted = false;
  budget.openReserve();
  const details = await fc.check(fc.asyncProperty(failed.arbitrary, judgeInput), {
    seed: failed.seed,
    path: String(failed.at),
    verbose: 0,
  });
  // Set by the shrinking runs (TypeScript cannot see a closure assign it).
  const halted = stopped as { error: unknown } | undefined;
  if (halted) throw halted.error;
  tally.shrinks = details.numShrinks;
  out.deep = details.failed
    ? { input: details.counterexample?.[0] as T, error: details.errorInstance, shrinks: details.numShrinks }
    : { input: failed.input, error: failed.error, shrinks: 0 };
  return out;
}

/**
 * What the inputs found: the first failing boundary value, the shrunk failing generated input, and the first
 * request of an input that got no answer (its input is not judged, like a skipped one; when no input at all
 * could be judged, the check is not evaluated for that reason).
 */
export interface Found<T> {
  boundary?: { input: T; error: unknown };
  deep?: Shrunk<T>;
  unanswered?: TransportError;
  /** The first input that could not be judged because what it compares changed under it. */
  unjudgeable?: Unjudgeable;
}

/** An input left unjudged, with the reason; one that could not be judged at all is also kept in `out`. */
function noteSkipped<T>(out: Found<T>, depth: DepthRecord, shown: string, error: Error): void {
  noteSkippedInput(depth, `${shown}: ${error.message}`);
  if (error instanceof Unjudgeable) out.unjudgeable ??= error;
}

/** An input whose request got no answer (after the client's retries): not judged, with the reason. */
function unanswered<T>(out: Found<T>, depth: DepthRecord, shown: string, error: TransportError): void {
  noteSkippedInput(depth, `${shown}: no answer (${error.message})`);
  out.unanswered ??= error;
}

function isSkip(error: unknown): error is Error {
  return error instanceof Skip || error instanceof Unjudgeable;
}

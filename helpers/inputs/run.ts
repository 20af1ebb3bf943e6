/** A check's or a probe's body judged over boundary values and, deep, generated inputs, shrunk on failure. */
import fc from 'fast-check';
import { Skip, Unjudgeable } from '../check/failure.ts';
import { TransportError } from '../http/client.ts';
import { type Source, sending } from '../http/journal.ts';
import { allowanceOf, type ExplorationName } from './allocation.ts';
import { BudgetExhausted, RequestBudget, type RequestPool } from './budget.ts';
import { type DepthSettings, explorationBudget, explorationSeed, replayCommand } from './profile.ts';
import { type DepthRecord, type ExplorationTally, noteInput, noteSkippedInput } from './record.ts';

/** The part of an exploration's share kept for shrinking. */
const SHRINK_RESERVE = 0.25;

/** Generated inputs of one exploration judged at the same time. */
const INPUTS_AT_ONCE = 8;

/** The inputs of a check or a probe. */
export interface Inputs<T> {
  /** The input as a report shows it; inputs with the same text count once. */
  readonly show: (input: T) => string;
  /** Boundary values, judged in every profile, all at the same time. */
  readonly gate?: readonly T[];
  /**
   * Deep profile: inputs drawn from `arbitrary`, seeded and budgeted by the exploration's row; `classes` are
   * visited once each before the rest is drawn, so that every seed reaches them.
   */
  readonly deep?: {
    readonly row: ExplorationName;
    readonly arbitrary: fc.Arbitrary<T>;
    /** Or made when the exploration starts: of the points of a dimension not visited yet, say. */
    readonly classes?: readonly fc.Arbitrary<T>[] | (() => readonly fc.Arbitrary<T>[]);
    /** The size of a drawn input: of the failing inputs judged at once, the smallest is shrunk. */
    readonly size?: (input: T) => number;
    /**
     * Its inputs are its classes only (ways picked whole, none smaller than another): judged all at once, no
     * share is kept for shrinking and none is drawn; what they leave is lent.
     */
    readonly classesOnly?: true;
  };
}

/** `shares`: the budget's shares by row, when checks of several rules judge the same inputs (one share). */
type InputRun = DepthSettings & Readonly<{ shares?: Map<string, RequestBudget>; pool?: RequestPool }>;

/**
 * Judges the inputs: `attempt` throws what `isFailure` recognises to fail one, {@link Skip} to leave it
 * unjudged. Counts judged and skipped inputs in `depth`.
 */
export async function runInputs<T>(
  run: InputRun,
  name: string,
  inputs: Inputs<T>,
  depth: DepthRecord,
  attempt: (input: T) => unknown,
  isFailure: (error: unknown) => boolean,
  /** The source of every input's requests, instead of `boundary` or `generated`. */
  kind?: Source['kind'],
): Promise<Found<T>> {
  const out: Found<T> = {};
  const within = (input: T, byProfile: Source['kind'], extra = {}) =>
    sending({ source: { kind: kind ?? byProfile, name, input: inputs.show(input) }, ...extra }, async () =>
      attempt(input),
    );

  const gate = inputs.gate ?? [];
  const outcomes = await Promise.allSettled(gate.map((input) => within(input, 'boundary')));
  /** Notes an input that threw: true when it failed, false when left unjudged; undefined: anything else. */
  const noteThrown = (shown: string, error: unknown): boolean | undefined => {
    if (error instanceof Skip || error instanceof Unjudgeable) {
      noteSkippedInput(depth, `${shown}: ${error.message}`);
      if (error instanceof Unjudgeable) out.unjudgeable ??= error;
    } else if (error instanceof TransportError) {
      noteSkippedInput(depth, `${shown}: no answer (${error.message})`);
      out.unanswered ??= error;
    } else if (isFailure(error)) noteInput(depth, shown);
    else return undefined;
    return isFailure(error);
  };
  for (const [index, outcome] of outcomes.entries()) {
    const input = gate[index] as T;
    if (outcome.status === 'fulfilled') noteInput(depth, inputs.show(input));
    else {
      const failed = noteThrown(inputs.show(input), outcome.reason);
      if (failed === undefined) throw outcome.reason;
      if (failed) out.boundary ??= { input, error: outcome.reason };
    }
  }

  const deep = inputs.deep;
  if (run.depth !== 'deep' || !deep) return out;
  const allowance = allowanceOf(deep.row, explorationBudget(run.requestBudget));
  const reserve = deep.classesOnly ? 0 : SHRINK_RESERVE;
  const budget = run.shares?.get(deep.row) ?? new RequestBudget(allowance, reserve, run.pool);
  run.shares?.set(deep.row, budget);
  const seed = explorationSeed(run.seed, deep.row);
  const tally: ExplorationTally = { name: deep.row, seed, allowance: budget.allowance, requests: 0 };
  depth.exploration = tally;
  // Past its share, a row borrows for its classes as much as it needs, for drawn inputs as much as it keeps.
  let cap = Number.POSITIVE_INFINITY;
  const counted = {
    take: () => {
      budget.take(cap);
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
    } catch (error) {
      const failed = error instanceof BudgetExhausted ? false : noteThrown(shown, error);
      if (failed) throw error;
      if (error instanceof BudgetExhausted) exhausted = true;
      else if (failed === undefined) stopped = { error };
    }
    return true;
  };
  /** Judges `list` from `from` on, a few at a time, until one fails, or the budget is spent. */
  const judgeAll = async (list: readonly T[], from = 0) => {
    // A row of classes only judges them all at once: each is a sequence of its own, one request at a time.
    const atOnce = deep.classesOnly ? Math.max(1, list.length) : INPUTS_AT_ONCE;
    for (let i = from; i < list.length && !exhausted && !stopped; i += atOnce) {
      const batch = await Promise.allSettled(list.slice(i, i + atOnce).map((input) => judgeInput(input)));
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
  let failed: { at: number; error: unknown; arbitrary: fc.Arbitrary<T>; seed: number; input: T } | undefined;
  budget.begin();
  try {
    const declared = typeof deep.classes === 'function' ? deep.classes() : (deep.classes ?? []);
    const classes = declared.map((arbitrary, k) => {
      const at = explorationSeed(seed, `class ${k}`);
      return { arbitrary, seed: at, input: fc.sample(arbitrary, { seed: at, numRuns: 1 })[0] as T };
    });
    const classFailed = await judgeAll(classes.map((c) => c.input));
    if (classes.length > 0) tally.classes = classes.length;
    if (classFailed) {
      const visit = classes[classFailed.at] as (typeof classes)[number];
      failed = { ...visit, at: 0, error: classFailed.error };
    }
    // A share's worth drawn at a time, while the budget lends and what is drawn still costs requests.
    cap = budget.allowance * SHRINK_RESERVE;
    for (
      let drawn: T[] = [], spent = deep.classesOnly ? budget.used : -1;
      !failed && !exhausted && !stopped && spent < budget.used;
    ) {
      spent = budget.used;
      const from = drawn.length;
      drawn = fc.sample(deep.arbitrary, { seed, numRuns: from + Math.max(1, budget.allowance) });
      const found = await judgeAll(drawn, from);
      if (found) failed = { ...found, arbitrary: deep.arbitrary, seed, input: drawn[found.at] as T };
    }
    if (stopped) throw stopped.error;
    if (!failed) return out;
    // fast-check replays the failing run (`path`) and shrinks it within the rest of the share.
    exhausted = false;
    budget.openReserve();
    const replay = { seed: failed.seed, path: String(failed.at), verbose: 0 } as const;
    const details = await fc.check(fc.asyncProperty(failed.arbitrary, judgeInput), replay);
    // Set by the shrinking runs (TypeScript cannot see the closure assign it).
    const halted = stopped as { error: unknown } | undefined;
    if (halted) throw halted.error;
    tally.shrinks = details.numShrinks;
    const [input, error, shrinks] = details.failed
      ? [details.counterexample?.[0] as T, details.errorInstance, details.numShrinks]
      : [failed.input, failed.error, 0];
    const note = (ruleId: string) =>
      `minimal failing input after ${shrinks} shrink step(s): ${inputs.show(input)}; replay: ${replayCommand(run.seed, ruleId)}`;
    out.deep = { input, error, shrinks, note };
    return out;
  } finally {
    budget.end();
    Object.assign(tally, { borrowed: budget.borrowed, lent: budget.lent });
  }
}

/** The first failing boundary value, the shrunk failing generated input, the first unanswered request. */
interface Found<T> {
  boundary?: { input: T; error: unknown };
  /** `note`: the shrunk input and the command that replays it, for a failure of the rule `ruleId`. */
  deep?: { input: T; error: unknown; shrinks: number; note: (ruleId: string) => string };
  unanswered?: TransportError;
  /** The first input that could not be judged because what it compares changed under it. */
  unjudgeable?: Unjudgeable;
}

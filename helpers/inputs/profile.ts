/**
 * The depth profiles of a run (`--depth`, `CONFORMANCE_DEPTH`):
 * - `gate` (default): every check, plus deterministic boundary values of the page parameters and the other
 *   inputs the specification bounds (§8). For CI gates: a fixed set of requests, the same on every run.
 * - `deep`: gate, plus inputs generated from the specification and the schemas (fast-check, seeded by
 *   `--seed` / `CONFORMANCE_SEED`), within what the gate leaves of `--request-budget` /
 *   `CONFORMANCE_REQUEST_BUDGET`, which a fixed table shares across the rule families (see `allocation.ts`).
 *   For nightly runs and for validating a new implementation.
 */

/** The depth profiles, in order of what they send. */
export const DEPTHS = ['gate', 'deep'] as const;

export type Depth = (typeof DEPTHS)[number];

/** The default of `CONFORMANCE_REQUEST_BUDGET`: the most requests a run sends. */
export const DEFAULT_REQUEST_BUDGET = 2000;

/**
 * The requests the gate needs, at most: its checks and boundary values (`npm run bench` measures it against the
 * reference, about 300 with the default workers). A request budget is spent on them first; the deep profile's
 * generated inputs get the rest, and a budget below this is refused at start.
 */
export const GATE_REQUESTS = 300;

/** What the deep exploration may send of a run's request budget: what the gate leaves. */
export function explorationBudget(requestBudget: number): number {
  return Math.max(0, requestBudget - GATE_REQUESTS);
}

/** The largest seed accepted (fast-check seeds are 32-bit integers). */
export const MAX_SEED = 2_147_483_647;

/** What a run's depth settings resolve to (the seed drawn at random when none was given). */
export interface DepthSettings {
  readonly depth: Depth;
  /** Seed of the generated inputs: the configured one or a random one; recorded in every report. */
  readonly seed: number;
  /** The most requests the run sends (the gate's first, the deep exploration's within what they leave). */
  readonly requestBudget: number;
}

export function isDepth(value: string): value is Depth {
  return (DEPTHS as readonly string[]).includes(value);
}

/** A random seed, 0 to {@link MAX_SEED}. */
export function randomSeed(): number {
  return Math.floor(Math.random() * (MAX_SEED + 1));
}

/** The command that replays a generated input that broke a rule: the same seed, that rule only, deep. */
export function replayCommand(seed: number, ruleId: string): string {
  return `commerce-conformance --seed ${seed} --rule ${ruleId} --depth deep`;
}

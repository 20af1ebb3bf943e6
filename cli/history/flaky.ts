import type { RuleStatus } from '../report/model.ts';

/** How many flips make a rule flaky. */
export const FLAKY_FLIPS = 2;

/** Statuses that say nothing about the rule's behaviour: it did not run, or did not apply. */
const NOT_EVALUATED: ReadonlySet<RuleStatus> = new Set(['untested', 'skipped']);

/**
 * How many times a rule's status changed between consecutive runs that evaluated it. Runs where the rule was
 * `untested` (filtered out, another shard) or `skipped` (a capability or a mode left it out) are left out,
 * so `passed, untested, passed` is no flip, and `passed, failed, passed` two.
 */
export function countFlips(statuses: readonly RuleStatus[]): number {
  const evaluated = statuses.filter((s) => !NOT_EVALUATED.has(s));
  let flips = 0;
  for (let i = 1; i < evaluated.length; i += 1) if (evaluated[i] !== evaluated[i - 1]) flips += 1;
  return flips;
}

/** A rule is flaky when its status flipped at least {@link FLAKY_FLIPS} times in the window. */
export function isFlaky(flips: number): boolean {
  return flips >= FLAKY_FLIPS;
}

import type { RuleStatus } from '../report/model.ts';

/**
 * How many times a rule's status changed between consecutive runs that evaluated it (`untested` and `skipped`
 * runs left out: `passed, untested, passed` is no flip).
 */
export function countFlips(statuses: readonly RuleStatus[]): number {
  const evaluated = statuses.filter((s) => s !== 'untested' && s !== 'skipped');
  return evaluated.filter((s, i) => i > 0 && s !== evaluated[i - 1]).length;
}

/** A rule is flaky when its status flipped at least twice in the window. */
export function isFlaky(flips: number): boolean {
  return flips >= 2;
}

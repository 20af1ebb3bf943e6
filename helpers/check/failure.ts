import type { RuleInfo, RuleLevel } from '../catalogue/rule.ts';
import type { Evidence } from '../http/evidence.ts';

/**
 * The one error a check throws when the target breaks a rule: the rule, what was expected, what came back,
 * and the exchange that shows it.
 */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure';
  readonly ruleId: string;
  readonly level: RuleLevel;
  readonly section: string;

  constructor(
    readonly rule: RuleInfo,
    readonly expected: string,
    readonly actual: string,
    readonly evidence?: Evidence,
  ) {
    const where = evidence ? ` (${evidence.request.method} ${evidence.request.url})` : '';
    super(`${rule.id} ${rule.level} ${rule.section}: expected ${expected}, got ${actual}${where}`);
    this.ruleId = rule.id;
    this.level = rule.level;
    this.section = rule.section;
  }
}

/**
 * What a check, an input or an exchange verdict ends with when it cannot be judged, and why: a prerequisite
 * that could not be made or found (a provisioning step that failed, a feature the target does not offer, a
 * setting that is missing), an input the target may legitimately refuse, an exchange that is not the rule's
 * subject. Reported skipped with the reason, never passed or failed. Thrown by {@link skip} (`t.skip`, `t.need`).
 */
export class Skip extends Error {
  override readonly name = 'Skip';

  /** Made without a stack trace: every exchange rule that does not apply throws one, and no report shows it. */
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

/** Ends what is being judged as not applicable, with the reason (see {@link Skip}); never returns. */
export function skip(reason: string): never {
  throw new Skip(reason);
}

/**
 * What an input ends with when it could not be judged because what it compares changed under it meanwhile
 * (another client's writes to a listing, every time it was read): not a failure, but not a pass either. The
 * check is then not evaluated, with the reason, unless another of its inputs fails. Thrown by {@link unjudgeable}.
 */
export class Unjudgeable extends Error {
  override readonly name = 'Unjudgeable';
}

/** Leaves the current input unjudged and its check not evaluated, with the reason (see {@link Unjudgeable}). */
export function unjudgeable(reason: string): never {
  throw new Unjudgeable(reason);
}

/** A value as it should read in a failure message: JSON, cut to a readable length. */
export function show(value: unknown, max = 300): string {
  if (value === undefined) return 'undefined';
  let text: string;
  try {
    text = typeof value === 'string' ? JSON.stringify(value) : (JSON.stringify(value) ?? String(value));
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

import type { RuleInfo, RuleLevel } from '../catalogue/rule.ts';
import type { Evidence } from '../http/evidence.ts';
import { attempt } from '../http/response.ts';

/** The one error a check throws when the target breaks a rule. */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure';
  readonly ruleId: string;
  readonly level: RuleLevel;

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
  }
}

/**
 * What a check, an input or an exchange verdict ends with when it cannot be judged (a prerequisite missing,
 * an input the target may refuse, an exchange that is not the rule's subject): skipped, with the reason.
 */
export class Skip extends Error {
  override readonly name = 'Skip';

  /** Made without a stack trace: every exchange rule that does not apply throws one. */
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export function skip(reason: string): never {
  throw new Skip(reason);
}

/** An input whose compared listing changed under it every time: neither a failure nor a pass. */
export class Unjudgeable extends Error {
  override readonly name = 'Unjudgeable';
}

export function unjudgeable(reason: string): never {
  throw new Unjudgeable(reason);
}

/** A value as it should read in a failure message: JSON, cut to a readable length. */
export function show(value: unknown, max = 300): string {
  const text = attempt(() => JSON.stringify(value)) ?? String(value);
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

import type { Rule, RuleId, RuleLevel } from '../catalogue/rules.ts';
import type { Exchange } from '../http/exchange.ts';

/**
 * The one error a check throws when the target breaks a rule: the rule, what was expected, what came back,
 * and the exchange that shows it.
 */
export class ConformanceFailure extends Error {
  override readonly name = 'ConformanceFailure';
  readonly ruleId: RuleId;
  readonly level: RuleLevel;
  readonly section: string;

  constructor(
    rule: Rule,
    readonly expected: string,
    readonly actual: string,
    readonly exchange?: Exchange,
  ) {
    const where = exchange ? ` (${exchange.request.method} ${exchange.request.url})` : '';
    super(`${rule.id} ${rule.level} ${rule.section}: expected ${expected}, got ${actual}${where}`);
    this.ruleId = rule.id;
    this.level = rule.level;
    this.section = rule.section;
  }
}

/**
 * A prerequisite of a check could not be made or found (a provisioning step that failed, a feature the target does not
 * offer, a setting that is missing). The check is reported skipped with this reason, never passed or failed.
 */
export class PrerequisiteError extends Error {
  override readonly name = 'PrerequisiteError';

  /** Made without a stack trace: every exchange rule that does not apply throws one, and no report shows it. */
  constructor(message: string) {
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
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

import { getRule } from '../catalogue/rules.ts';
import { ConformanceFailure } from '../check/failure.ts';

/**
 * The same failure with `note` (the input that broke the rule, the replay command) added to what came back,
 * before the exchange, so that the message still ends with `(METHOD URL)` of the key exchange.
 */
export function withInput(failure: ConformanceFailure, note: string): ConformanceFailure {
  return new ConformanceFailure(
    getRule(failure.ruleId),
    failure.expected,
    `${failure.actual} [${note}]`,
    failure.exchange,
  );
}

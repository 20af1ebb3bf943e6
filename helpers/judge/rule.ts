/**
 * How a rule is declared: once, in its own file `rules/<area>/<id in lower case>.ts`, with everything about
 * it: its ID, level, section and sentence (as in the catalogue, `rules.md`), the rules it requires, and the
 * two ways it can be decided.
 * - `exchange`: a verdict on one request and its answer, and the exchanges it applies to (method, path
 *   templates, status class, credentials, query parameters). Every exchange of the journal that the scope
 *   matches is judged by it, whatever sent it: a check, a boundary value, a generated input, a replay, a
 *   provisioning step, the cleanup, a recording.
 * - `flows`: checks over several exchanges (a walk visits every record once, a refused request changes
 *   nothing), declared with the `check` the engine gives, already bound to the rule, against the probes of
 *   the rule's area. Their exchanges are judged by the exchange rules too.
 */
import type { RuleArea } from '../catalogue/rule.ts';
import type { CheckFunction } from '../check/check.ts';
import type { ExchangeRule } from './judging.ts';

/** A rule as declared in its file (see the module comment). */
export interface RuleDeclaration<Id extends string = string, P = unknown> extends ExchangeRule<Id> {
  /** Declares the rule's checks over several exchanges, given the probes of its area and its `check`. */
  flows?(probes: P, check: CheckFunction): void;
}

/** A declared rule with the area of its folder (`rules/<area>/`), as the catalogue lists it. */
export type Rule<Id extends string = string> = RuleDeclaration<Id, never> & { readonly area: RuleArea };

/** Declares a rule (the one way to: see the module comment). */
export function rule<const Id extends string, P = unknown>(
  declaration: RuleDeclaration<Id, P>,
): RuleDeclaration<Id, P> {
  return declaration;
}

/** The rules of one area, in catalogue order, each with its area. */
export function area<const A extends RuleArea, const R extends readonly RuleDeclaration<string, never>[]>(
  name: A,
  rules: R,
): { readonly [K in keyof R]: R[K] & { readonly area: A } } {
  return rules.map((declared) => ({ ...declared, area: name })) as never;
}

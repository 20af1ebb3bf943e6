/** How a rule is declared, once, in `rules/<area>/<id>.ts`: its head, an `exchange` verdict, `flows`. */
import type { RuleArea } from '../catalogue/rule.ts';
import type { CheckFunction } from '../check/check.ts';
import type { ExchangeRule } from './judging.ts';

export interface RuleDeclaration<Id extends string = string, P = unknown> extends ExchangeRule<Id> {
  /** Declares the rule's checks over several exchanges, given the probes of its area and its `check`. */
  flows?(probes: P, check: CheckFunction): void;
}

/** A declared rule with the area of its folder (`rules/<area>/`), as the catalogue lists it. */
export type Rule<Id extends string = string> = RuleDeclaration<Id, never> & { readonly area: RuleArea };

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

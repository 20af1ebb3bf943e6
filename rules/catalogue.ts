/**
 * The rule catalogue: every rule as declared in `rules/<area>/<id in lower case>.ts`, listed by area in
 * `index.generated.ts` (`npm run rules`). IDs are stable: never rename one; add a new one instead.
 */
import type { Rule } from '../helpers/judge/rule.ts';
import { AREA_RULES } from './index.generated.ts';

export { AREAS, isArea, type RuleArea, type RuleLevel } from '../helpers/catalogue/rule.ts';
export type { Rule } from '../helpers/judge/rule.ts';
export { AREA_RULES };

/** Every rule, in catalogue order. */
export const RULES = [
  ...AREA_RULES.http,
  ...AREA_RULES.transactions,
  ...AREA_RULES.integrations,
  ...AREA_RULES.pagination,
  ...AREA_RULES.includes,
  ...AREA_RULES.authentication,
] as const;

/** The ID of a rule: a literal union, so that naming a rule which does not exist does not compile. */
export type RuleId = (typeof RULES)[number]['id'];

const byId = new Map<string, Rule<RuleId>>(RULES.map((r) => [r.id, r]));

export function getRule(id: RuleId): Rule<RuleId> {
  const found = byId.get(id);
  // For callers that cast: a bad ID fails loudly rather than as undefined.
  if (!found) throw new Error(`Unknown rule ID "${id}": no rule file of rules/ declares it`);
  return found;
}

/** Whether a string (a command-line argument, an ID read from a report) is the ID of a rule. */
export function isRuleId(id: string): id is RuleId {
  return byId.has(id);
}

/** The file that declares a rule: `rules/<area>/<id in lower case>.ts`. */
export function ruleFile(rule: { readonly id: string; readonly area: string }): string {
  return `rules/${rule.area}/${rule.id.toLowerCase()}.ts`;
}

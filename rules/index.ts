/**
 * Every rule of the catalogue as declared in its own file, `rules/<area>/<id in lower case>.ts` (see
 * {@link ruleFile}): from a rule ID to the file that decides it by the ID alone. Each area's `index.ts` lists
 * its rules; `rules.test.ts` holds the declarations, the files and the catalogue in step.
 */
import type { RuleDeclaration } from '../helpers/judge/rule.ts';
import { AUTHENTICATION_RULES } from './authentication/index.ts';
import { HTTP_RULES } from './http/index.ts';
import { INCLUDE_RULES } from './includes/index.ts';
import { INTEGRATION_RULES } from './integrations/index.ts';
import { PAGINATION_RULES } from './pagination/index.ts';
import { TRANSACTION_RULES } from './transactions/index.ts';

export const RULE_DECLARATIONS: readonly RuleDeclaration<never>[] = [
  ...HTTP_RULES,
  ...TRANSACTION_RULES,
  ...INTEGRATION_RULES,
  ...PAGINATION_RULES,
  ...INCLUDE_RULES,
  ...AUTHENTICATION_RULES,
];

/** The file that declares a rule: `rules/<area>/<id in lower case>.ts`. */
export function ruleFile(rule: { readonly id: string; readonly area: string }): string {
  return `rules/${rule.area}/${rule.id.toLowerCase()}.ts`;
}

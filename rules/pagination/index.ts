/** The rules of the pagination area. */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';

export const PAGINATION_RULES: readonly RuleDeclaration[] = [];

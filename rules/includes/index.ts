/** The rules of the includes area. */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';

export const INCLUDE_RULES: readonly RuleDeclaration[] = [];

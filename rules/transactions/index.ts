/** The rules of the transactions area. */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';

export const TRANSACTION_RULES: readonly RuleDeclaration[] = [];

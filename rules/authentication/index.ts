/** The rules of the authentication area (§5). */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import authInvalid from './auth-invalid.ts';
import authRequired from './auth-required.ts';

export const AUTHENTICATION_RULES: readonly RuleDeclaration[] = [authRequired, authInvalid];

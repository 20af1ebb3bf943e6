/** The rules of the authentication area (§5). */
import type { RuleDeclaration } from '../../helpers/judge/rule.ts';
import type { RefusedWrites } from '../../probes/replay.ts';
import authInvalid from './auth-invalid.ts';
import authRequired from './auth-required.ts';
import authStatus from './auth-status.ts';

/** The rules whose flows send writes without valid credentials: in this area's file and in every replay. */
export const REFUSED_WRITE_RULES: readonly RuleDeclaration<RefusedWrites>[] = [authRequired, authInvalid];

export const AUTHENTICATION_RULES: readonly RuleDeclaration<RefusedWrites>[] = [
  ...REFUSED_WRITE_RULES,
  authStatus,
];

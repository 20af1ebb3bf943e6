import { type RuleEntry, row } from '../rule.ts';

/** The rules of the catalogue's section "Authentication (§5)", in catalogue order. */
export const AUTHENTICATION_RULES = [
  row(
    'AUTH-REQUIRED',
    'MUST',
    '§5',
    'Every endpoint called without `Authorization` answers 4xx, returns no `data`, and changes nothing.',
  ),
  row(
    'AUTH-INVALID',
    'MUST',
    '§5',
    'Every endpoint called with an invalid bearer token answers 4xx, returns no `data`, and changes nothing.',
  ),
  row(
    'AUTH-STATUS',
    'INFO',
    '§5',
    'The status code and error body a target uses for a missing or bad token.',
  ),
] as const satisfies readonly RuleEntry[];

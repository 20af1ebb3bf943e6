import type { RuleEntry } from '../rule.ts';

/** The rules of the catalogue's section "Authentication (§5)", in catalogue order. */
export const AUTHENTICATION_RULES = [
  {
    id: 'AUTH-REQUIRED',
    level: 'MUST',
    section: '§5',
    title:
      'Every endpoint called without `Authorization` answers 4xx, returns no `data`, and changes nothing.',
  },
  {
    id: 'AUTH-INVALID',
    level: 'MUST',
    section: '§5',
    title:
      'Every endpoint called with an invalid bearer token answers 4xx, returns no `data`, and changes nothing.',
  },
  {
    id: 'AUTH-STATUS',
    level: 'INFO',
    section: '§5',
    title: 'The status code and error body a target uses for a missing or bad token.',
  },
] as const satisfies readonly RuleEntry[];

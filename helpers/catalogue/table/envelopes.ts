import type { RuleEntry } from '../rule.ts';

/** The rules of the catalogue's section "Envelopes (§2)", in catalogue order. */
export const ENVELOPE_RULES = [
  {
    id: 'ENV-SINGLE',
    level: 'MUST',
    section: '§2',
    title: 'A single-resource response is `{ "data": <object> }`.',
    schemas: ['single-envelope'],
  },
  {
    id: 'ENV-LIST',
    level: 'MUST',
    section: '§2',
    title: 'A list response is `{ "data": [ ... ] }`.',
    schemas: ['list-envelope'],
  },
  {
    id: 'ENV-TYPE',
    level: 'MUST',
    section: '§2',
    title: 'Every resource object has a string `type` naming its kind.',
  },
  {
    id: 'HTTP-JSON',
    level: 'SHOULD',
    section: '§1',
    title: 'Every response with a body is JSON and says so in `Content-Type`.',
  },
  {
    id: 'HTTP-NO-5XX',
    level: 'MUST',
    section: '§7',
    title: 'No request that the suite sends, valid or not, is answered with a 5xx.',
  },
] as const satisfies readonly RuleEntry[];

import { type RuleEntry, row } from '../rule.ts';

/** The rules of the catalogue's section "Envelopes (§2)", in catalogue order. */
export const ENVELOPE_RULES = [
  row('ENV-SINGLE', 'MUST', '§2', 'A single-resource response is `{ "data": <object> }`.', [
    'single-envelope',
  ]),
  row('ENV-LIST', 'MUST', '§2', 'A list response is `{ "data": [ ... ] }`.', ['list-envelope']),
  row('ENV-TYPE', 'MUST', '§2', 'Every resource object has a string `type` naming its kind.'),
  row('HTTP-JSON', 'SHOULD', '§1', 'Every response with a body is JSON and says so in `Content-Type`.'),
  row('HTTP-NO-5XX', 'MUST', '§7', 'No request that the suite sends, valid or not, is answered with a 5xx.'),
] as const satisfies readonly RuleEntry[];

/**
 * The rule catalogue, copied from `shared/spec/rules.md` (the source; `rules.test.ts` keeps these tables in
 * step with it whenever it is present, and holds a snapshot of every ID with its level). It is data with a
 * literal type: {@link RuleId} is the union of its IDs, so that a rule declaration, a fault or a report that
 * names a rule which does not exist does not compile, and "find references" on an ID reaches every place
 * that names it. IDs are stable: never rename one; add a new one instead.
 */
import type { SchemaName } from '../../schemas/types.generated.ts';
import type { RuleArea, RuleEntry } from './rule.ts';
import { AUTHENTICATION_RULES } from './table/authentication.ts';
import { ENVELOPE_RULES } from './table/envelopes.ts';
import { INCLUDE_RULES } from './table/includes.ts';
import { INTEGRATION_RULES } from './table/integrations.ts';
import { PAGINATION_RULES } from './table/pagination.ts';
import { TRANSACTION_RULES } from './table/transactions.ts';

export type { RuleArea, RuleLevel } from './rule.ts';

/** The catalogue's tables by area (the sections of the catalogue), in catalogue order. */
const TABLES = {
  http: ENVELOPE_RULES,
  transactions: TRANSACTION_RULES,
  integrations: INTEGRATION_RULES,
  pagination: PAGINATION_RULES,
  includes: INCLUDE_RULES,
  authentication: AUTHENTICATION_RULES,
} as const satisfies Record<RuleArea, readonly RuleEntry[]>;

/** The ID of a rule of the catalogue, e.g. `'TXN-LIST'`: a literal union, so a typo does not compile. */
export type RuleId = (typeof TABLES)[RuleArea][number]['id'];

/** One rule of the catalogue: its row, its area, and its schemas (empty: none). */
export interface Rule extends RuleEntry {
  readonly id: RuleId;
  readonly area: RuleArea;
  readonly schemas: readonly SchemaName[];
}

/** The areas, in report order. */
export const AREAS = Object.keys(TABLES) as readonly RuleArea[];

/** Whether `name` is an area of the catalogue. */
export function isArea(name: string): name is RuleArea {
  return (AREAS as readonly string[]).includes(name);
}

/** Every rule, in catalogue order. */
export const RULES: readonly Rule[] = AREAS.flatMap((area) =>
  (TABLES[area] as readonly RuleEntry[]).map(({ id, level, ...rest }) => ({
    schemas: [],
    id: id as RuleId,
    level,
    area,
    ...rest,
  })),
);

const byId = new Map<string, Rule>(RULES.map((r) => [r.id, r]));

export function getRule(id: RuleId): Rule {
  const found = byId.get(id);
  // Unreachable for a RuleId; kept for callers that cast, so a bad ID fails loudly rather than as undefined.
  if (!found)
    throw new Error(`Unknown rule ID "${id}": it is not in the rule catalogue (helpers/catalogue/rules.ts)`);
  return found;
}

/** Whether a string (a command-line argument, an ID read from a report) is the ID of a rule. */
export function isRuleId(id: string): id is RuleId {
  return byId.has(id);
}

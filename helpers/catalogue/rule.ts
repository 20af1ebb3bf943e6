import type { SchemaName } from '../../schemas/types.generated.ts';

/** MUST: stated by the spec. SHOULD: reported, fails a run only in strict mode. INFO: observed, never judged. */
export type RuleLevel = 'MUST' | 'SHOULD' | 'INFO';

/** The areas of the catalogue, which group the suites and the reports (HTTP basics hold the envelope rules). */
export type RuleArea =
  | 'http'
  | 'transactions'
  | 'integrations'
  | 'pagination'
  | 'includes'
  | 'authentication';

/** One row of the catalogue, as written in the tables of `table/` (the shape `rules.ts` checks them against). */
export interface RuleEntry {
  /** Stable ID: reports, test names, faults and the docs' rule table are keyed by it. */
  readonly id: string;
  readonly level: RuleLevel;
  /** The section of commerce-api.md the rule comes from, e.g. `§4.3`. */
  readonly section: string;
  /** The rule's sentence, as in the catalogue. */
  readonly title: string;
  /** The JSON Schemas of `schemas/` the rule's verdicts validate with (`t.expectSchema`); absent: none. */
  readonly schemas?: readonly SchemaName[];
}

/** A row of the catalogue (rules.md: `| ID | Level | Rule |`), with its section and the schemas of its verdicts. */
export function row<const Id extends string>(
  id: Id,
  level: RuleLevel,
  section: string,
  title: string,
  schemas?: readonly SchemaName[],
) {
  return { id, level, section, title, ...(schemas ? { schemas } : {}) };
}

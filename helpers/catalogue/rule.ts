/** What the catalogue says of a rule: the one shape every part of the suite reads a rule's head in. */
import type { SchemaName } from '../../schemas/types.generated.ts';

/** MUST: stated by the spec. SHOULD: reported, fails a run only in strict mode. INFO: observed, never judged. */
export type RuleLevel = 'MUST' | 'SHOULD' | 'INFO';

/** The areas of the catalogue, which group the suites, the rule files and the reports. */
export const AREAS = [
  'http',
  'transactions',
  'integrations',
  'pagination',
  'includes',
  'authentication',
] as const;
export type RuleArea = (typeof AREAS)[number];

export const isArea = (name: string): name is RuleArea => (AREAS as readonly string[]).includes(name);

/** A rule's head, as the catalogue (`rules.md`) gives it. */
export interface RuleInfo<Id extends string = string> {
  readonly id: Id;
  readonly level: RuleLevel;
  /** The section of commerce-api.md the rule comes from, e.g. `§4.3`. */
  readonly section: string;
  readonly title: string;
  /** The JSON Schemas the rule's verdicts validate with. */
  readonly schemas?: readonly SchemaName[];
  /** Rules whose verdict comes first: an exchange one of them fails is not judged by this rule. */
  readonly requires?: readonly RuleInfo[];
  /** Its area: the folder of its file (set by the catalogue). */
  readonly area?: RuleArea;
}

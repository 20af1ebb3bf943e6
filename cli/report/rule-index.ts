/**
 * The rule index: from a rule ID to the file that decides it, its JSON Schemas, and the faults of the
 * reference server that break it, as its own rule or as collateral (docs' rule table and the HTML report).
 */

import { FAULTS } from '../../reference/faults/catalogue.ts';
import type { Fault } from '../../reference/faults/fault.ts';
import { RULES, ruleFile } from '../../rules/catalogue.ts';

export type RuleIndex = ReturnType<typeof buildRuleIndex>;

export const schemaFile = (name: string): string => `schemas/${name}.schema.json`;

export const faultCommand = (name: string): string => `npm run reference -- --fault ${name}`;

/** The index of every rule, in catalogue order (paths relative to the project root). */
export function buildRuleIndex(faults: readonly Fault[] = FAULTS) {
  return new Map(
    RULES.map((rule) => [
      rule.id,
      {
        rule,
        file: ruleFile(rule),
        schemas: (rule.schemas ?? []).map(schemaFile),
        faults: faults.filter((fault) => fault.rule === rule.id),
        collateralOf: faults.flatMap((fault) => {
          const reason = fault.collateral?.[rule.id];
          return reason === undefined ? [] : [{ fault, reason }];
        }),
      },
    ]),
  );
}

let cached: RuleIndex | undefined;

/** The index of every rule, built once. */
export const ruleIndex = (): RuleIndex => (cached ??= buildRuleIndex());

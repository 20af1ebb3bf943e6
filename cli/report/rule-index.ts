/**
 * The rule index: from a rule ID to everything that bears on it — the rule (level, §, area, sentence), the
 * file that decides it (`rules/<area>/<id>.ts`, found by the ID alone), the JSON Schemas its verdicts
 * validate with, the faults of the reference server that break it (each a worked failure: `npm run reference
 * -- --fault NAME`), and the faults that break it on the way to their own rule (declared collateral). The
 * rule table of `docs/reference-server.md` (`npm run docs:rules`) and the rule rows of the HTML report are
 * both made from it.
 */

import { FAULTS } from '../../reference/faults/catalogue.ts';
import type { Fault } from '../../reference/faults/fault.ts';
import { RULES, type Rule, type RuleId, ruleFile } from '../../rules/catalogue.ts';

export interface RuleIndexEntry {
  readonly rule: Rule;
  /** The file that decides the rule, relative to the project root. */
  readonly file: string;
  /** The schema files its verdicts validate with, relative to the project root (`schemas/….schema.json`). */
  readonly schemas: readonly string[];
  /** The faults whose own rule it is. */
  readonly faults: readonly Fault[];
  /** The faults that declare it as collateral (they break it on the way to their own rule), with the reason. */
  readonly collateralOf: readonly { readonly fault: Fault; readonly reason: string }[];
}

export type RuleIndex = ReadonlyMap<RuleId, RuleIndexEntry>;

/** The path of a schema's file, relative to the project root. */
export const schemaFile = (name: string): string => `schemas/${name}.schema.json`;

/** The command that starts the reference server with a fault: the way to see a worked failure of its rule. */
export const faultCommand = (name: string): string => `npm run reference -- --fault ${name}`;

/** Builds the index of every rule, in catalogue order (the faults are the reference's unless given). */
export function buildRuleIndex(faults: readonly Fault[] = FAULTS): RuleIndex {
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

/** The index of this project (built once). */
export function ruleIndex(): RuleIndex {
  cached ??= buildRuleIndex();
  return cached;
}

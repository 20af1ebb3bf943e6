/**
 * The rule index: from a rule ID to everything that bears on it — the rule (level, §, area, sentence), the
 * modules whose checks judge it, the JSON Schemas its checks validate with, the faults of the reference
 * server that break it (each a worked failure: `npm run reference -- --fault NAME`), and the faults that
 * break it on the way to their own rule (declared collateral). The README's rule table (`npm run docs:rules`)
 * and the rule rows of the HTML report are both made from it.
 *
 * Its parts come from their sources, none written by hand here: the catalogue (`rules.ts`, whose rules declare
 * their schemas; `scripts/rule-scan.test.ts` checks each against the `t.expectSchema` calls of the rule's
 * checks), the check modules found by scanning the suites (`rule-checks.generated.ts`), and the fault
 * catalogue (`reference/faults/catalogue.ts`, by `rule` and by `collateral`).
 */
import { FAULTS } from '../../reference/faults/catalogue.ts';
import type { Fault } from '../../reference/faults/fault.ts';
import { RULE_CHECKS } from './rule-checks.generated.ts';
import { RULES, type Rule, type RuleId } from './rules.ts';

/** What the index knows of one rule. */
export interface RuleIndexEntry {
  readonly rule: Rule;
  /** Modules whose checks judge the rule, relative to the project root (`suites/…`, `cli/no-5xx.ts`). */
  readonly checks: readonly string[];
  /** The schema files its checks validate with, relative to the project root (`schemas/….schema.json`). */
  readonly schemas: readonly string[];
  /** The faults whose own rule it is. */
  readonly faults: readonly Fault[];
  /** The faults that declare it as collateral (they break it on the way to their own rule), with the reason. */
  readonly collateralOf: readonly { readonly fault: Fault; readonly reason: string }[];
}

export type RuleIndex = ReadonlyMap<RuleId, RuleIndexEntry>;

/** Where the index takes its parts from (the project's, unless a test or `npm run docs:rules` says otherwise). */
export interface RuleIndexSources {
  /** The check modules of each rule. */
  readonly checks?: Readonly<Record<RuleId, readonly string[]>>;
  readonly faults?: readonly Fault[];
}

/** The path of a schema's file, relative to the project root. */
export const schemaFile = (name: string): string => `schemas/${name}.schema.json`;

/** The command that starts the reference server with a fault: the way to see a worked failure of its rule. */
export const faultCommand = (name: string): string => `npm run reference -- --fault ${name}`;

/** Builds the index of every rule, in catalogue order. */
export function buildRuleIndex({ checks = RULE_CHECKS, faults = FAULTS }: RuleIndexSources = {}): RuleIndex {
  return new Map(
    RULES.map((rule) => [
      rule.id,
      {
        rule,
        checks: checks[rule.id] ?? [],
        schemas: rule.schemas.map(schemaFile),
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

import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';
import { CODE_EXTENSION } from '../helpers/package.ts';
import { RULES, type RuleArea } from '../rules/catalogue.ts';

/** Which rules a run checks: `--rule` and `--area` (their union); none given: every rule. */
export interface Selection {
  readonly rules: readonly string[];
  readonly areas: readonly RuleArea[];
}

/** The rule IDs a selection covers, in catalogue order. */
export function selectedRuleIds(selection: Selection): string[] {
  if (selection.rules.length === 0 && selection.areas.length === 0) return RULES.map((r) => r.id);
  return RULES.filter((r) => selection.rules.includes(r.id) || selection.areas.includes(r.area)).map(
    (r) => r.id,
  );
}

export function isFiltered(selection: Selection): boolean {
  return selection.rules.length > 0 || selection.areas.length > 0;
}

/**
 * The suite files a selection runs, relative to `root`: the file of each area that holds a selected rule, and
 * every file when a selected rule is an exchange rule (it judges what every file sends).
 */
export function suiteFiles(root: string, selection: Selection): string[] {
  const suffix = `.conformance.${CODE_EXTENSION}`;
  const files = readdirSync(join(root, 'suites'))
    .filter((f) => f.endsWith(suffix))
    .sort()
    .map((f) => join('suites', f));
  if (!isFiltered(selection)) return files;
  const ids = selectedRuleIds(selection);
  if (RULES.some((r) => r.exchange && ids.includes(r.id))) return files;
  const areas = new Set(RULES.filter((r) => ids.includes(r.id)).map((r) => r.area));
  return files.filter((file) => areas.has(basename(file, suffix) as RuleArea));
}

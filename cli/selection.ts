import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { AREAS, RULES, type RuleArea } from '../helpers/catalogue/rules.ts';

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

/** Whether the selection narrows the run at all. */
export function isFiltered(selection: Selection): boolean {
  return selection.rules.length > 0 || selection.areas.length > 0;
}

/**
 * The vitest test name pattern that runs exactly the checks of these rules: check names start with
 * `ID LEVEL:` (the full name may be preceded by describe blocks). Undefined: no filter.
 */
export function testNamePattern(selection: Selection): RegExp | undefined {
  if (!isFiltered(selection)) return undefined;
  const ids = selectedRuleIds(selection).map((id) => id.replace(/[-]/g, '\\-'));
  return new RegExp(`(^|\\s)(${ids.join('|')}) (MUST|SHOULD|INFO):`);
}

/**
 * The suite files worth loading for a selection: those that name one of its rule IDs in a string literal (a
 * speed-up only; the test name pattern does the exact filtering). Paths relative to `root`; every suite file
 * when the selection is not filtered.
 */
export function suiteFiles(root: string, selection: Selection): string[] {
  const dir = join(root, 'suites');
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.conformance.ts'))
    .sort()
    .map((f) => join('suites', f));
  if (!isFiltered(selection)) return files;
  const ids = selectedRuleIds(selection);
  return files.filter((file) => {
    const text = areaText(root, file);
    return ids.some(
      (id) => text.includes(`'${id}'`) || text.includes(`"${id}"`) || text.includes(`\`${id}\``),
    );
  });
}

/**
 * The text of a suite entry file and of the modules of its area's folder (`suites/<area>/`), where the
 * checks, and so the rule IDs, are.
 */
function areaText(root: string, file: string): string {
  const folder = join(root, file.replace(/\.conformance\.ts$/, ''));
  const modules = existsSync(folder)
    ? readdirSync(folder)
        .filter((f) => f.endsWith('.ts'))
        .sort()
        .map((f) => readFileSync(join(folder, f), 'utf8'))
    : [];
  return [readFileSync(join(root, file), 'utf8'), ...modules].join('\n');
}

/** Whether a name is an area of the catalogue. */
export function isArea(name: string): name is RuleArea {
  return (AREAS as readonly string[]).includes(name);
}

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_CHECKS } from './rule-checks.generated.ts';
import { AREAS, isRuleId, RULES } from './rules.ts';

/**
 * The suites against the rule catalogue: every rule is checked, by IDs that exist, in the area the catalogue
 * gives it. An area is one entry module `suites/<area>.conformance.ts` (the only file the conformance project
 * collects for it, so that shared requests happen once per run) and the modules of `suites/<area>/`.
 */

const suitesDir = new URL('../../suites/', import.meta.url);

/** Longest suite module, in lines (the developers' guide: no module over about 300 lines). */
const MAX_LINES = 300;

/**
 * Rules that hold for every answer of a kind, so each area judges them on the answers it fetches anyway
 * (sending those requests again in the rule's own area would double them). Each lists exactly the areas
 * other than its own whose modules check it, whether its own area checks it too, and the reason.
 */
const CROSS_CUTTING: Readonly<
  Record<string, { readonly areas: readonly string[]; readonly inOwnArea: boolean; readonly reason: string }>
> = {
  // The envelope rules (rules.md "Envelopes (§2)", area http) are judged on the resources each area reads;
  // the http area itself reads none.
  'ENV-SINGLE': {
    areas: ['transactions', 'integrations', 'includes'],
    inOwnArea: false,
    reason: 'the envelope of every single-resource answer: capture, integration read, category read',
  },
  'ENV-LIST': {
    areas: ['transactions'],
    inOwnArea: false,
    reason: "the envelope of a list answer: the order's transaction list",
  },
  'ENV-TYPE': {
    areas: ['transactions', 'integrations', 'includes', 'pagination'],
    inOwnArea: false,
    reason: 'the type of every resource object, wherever one is answered',
  },
  'CAT-SCHEMA': {
    areas: ['pagination'],
    inOwnArea: true,
    reason: 'every category matches the Category schema: also those of the category listing pages',
  },
  'PRD-SCHEMA': {
    areas: ['pagination'],
    inOwnArea: true,
    reason: 'every product matches the Product schema: also those of the product listing pages',
  },
  // HTTP-NO-5XX: besides the http area's own bad requests, the command line judges every exchange of the run
  // (cli/no-5xx.ts); that sweep is not a suite module.
};

interface SuiteModule {
  /** Path below suites/, with forward slashes. */
  readonly path: string;
  readonly text: string;
  /** The area the module belongs to, from its place; undefined when it belongs to none. */
  readonly area: string | undefined;
}

const modules: SuiteModule[] = (readdirSync(suitesDir, { recursive: true }) as string[])
  .map((path) => path.split('\\').join('/'))
  .filter((path) => path.endsWith('.ts'))
  .sort()
  .map((path) => {
    const entry = /^([a-z-]+)\.conformance\.ts$/.exec(path)?.[1];
    const folder = /^([a-z-]+)\/.+\.ts$/.exec(path)?.[1];
    return { path, text: readFileSync(new URL(path, suitesDir), 'utf8'), area: entry ?? folder };
  });

/** Every string literal in the suites shaped like a rule ID (`'TXN-CAPTURE'`, `rule: 'AUTH-REQUIRED'`). */
const ruleLiterals = modules.flatMap(({ path, text, area }) =>
  [...text.matchAll(/['"`]([A-Z]{3,5}(?:-[A-Z0-9]+)+)['"`]/g)].map((m) => ({
    path,
    area,
    id: m[1] as string,
  })),
);

describe('the suites and the rule catalogue', () => {
  it('use only rule IDs that exist in the catalogue', () => {
    const unknown = ruleLiterals.filter(({ id }) => !isRuleId(id)).map(({ path, id }) => `${path}: ${id}`);
    expect(unknown).toEqual([]);
  });

  it('name every rule of the catalogue in some suite', () => {
    const named = new Set(ruleLiterals.map(({ id }) => id));
    expect(RULES.filter((r) => !named.has(r.id)).map((r) => r.id)).toEqual([]);
  });

  it('have one entry module per area, and every other module in the folder of an area', () => {
    const entries = modules.filter((m) => !m.path.includes('/')).map((m) => m.path);
    expect(entries).toEqual([...AREAS].sort().map((area) => `${area}.conformance.ts`));
    const misplaced = modules
      .filter((m) => m.area === undefined || !AREAS.includes(m.area as (typeof AREAS)[number]))
      .map((m) => m.path);
    expect(misplaced).toEqual([]);
    // A *.conformance.ts in a folder would be collected as a suite file of its own (vitest.config.ts).
    expect(modules.filter((m) => m.path.includes('/') && m.path.endsWith('.conformance.ts'))).toEqual([]);
  });

  it("check each rule in its catalogue area's modules (cross-cutting rules: exactly in the areas listed)", () => {
    const areasOf = new Map<string, Set<string>>();
    for (const { id, area } of ruleLiterals) {
      if (area === undefined) continue;
      const set = areasOf.get(id) ?? new Set<string>();
      set.add(area);
      areasOf.set(id, set);
    }
    const found = RULES.map((rule) => {
      const areas = areasOf.get(rule.id) ?? new Set<string>();
      const elsewhere = [...areas].filter((area) => area !== rule.area).sort();
      return { id: rule.id, area: rule.area, inOwnArea: areas.has(rule.area), elsewhere };
    });
    const expected = RULES.map((rule) => ({
      id: rule.id,
      area: rule.area,
      inOwnArea: CROSS_CUTTING[rule.id]?.inOwnArea ?? true,
      elsewhere: [...(CROSS_CUTTING[rule.id]?.areas ?? [])].sort(),
    }));
    expect(found).toEqual(expected);
  });

  it('judge each rule, by the check() calls of the rule index, in its catalogue area (cross-cutting rules: exactly in the areas listed)', () => {
    const areaOf = (file: string) => /^suites\/([a-z-]+)(?:\.conformance\.ts|\/)/.exec(file)?.[1];
    const found = RULES.map((rule) => {
      const areas = new Set(RULE_CHECKS[rule.id].map(areaOf).filter((area) => area !== undefined));
      const elsewhere = [...areas].filter((area) => area !== rule.area).sort();
      return { id: rule.id, inOwnArea: areas.has(rule.area), elsewhere };
    });
    const expected = RULES.map((rule) => ({
      id: rule.id,
      inOwnArea: CROSS_CUTTING[rule.id]?.inOwnArea ?? true,
      elsewhere: [...(CROSS_CUTTING[rule.id]?.areas ?? [])].sort(),
    }));
    expect(found).toEqual(expected);
  });

  it(`keep every suite module under ${MAX_LINES} lines`, () => {
    const long = modules
      .map((m) => ({ path: m.path, lines: m.text.split('\n').length }))
      .filter((m) => m.lines > MAX_LINES);
    expect(long).toEqual([]);
  });
});

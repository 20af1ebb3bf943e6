import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { RULE_CHECKS } from '../helpers/catalogue/rule-checks.generated.ts';
import { getRule, RULES } from '../helpers/catalogue/rules.ts';
import { SCHEMA_NAMES, type SchemaName } from '../schemas/types.generated.ts';
import { type CheckSite, checkFilesByRule, scanChecks } from './rule-scan.ts';

function project(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'rule-scan-'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

/** A project with the shape of this one: `check()` where the scanner looks for it, suites beside it. */
const fixture = (suites: Record<string, string>) =>
  project({
    'helpers/check/check.ts':
      'export function check(rule: string, title: string, body: (t: any) => void): void {}\n',
    'cli/no-5xx.ts': "export const NO_5XX_RULE = 'HTTP-NO-5XX';\n",
    ...suites,
  });

const brief = (sites: CheckSite[]) =>
  sites.map(({ file, rules, literal, schemas }) => ({ file, rules, literal, schemas }));

describe('scanChecks', () => {
  it('reads each check call: its rule, and the schemas of the expectSchema calls of its body', () => {
    const root = fixture({
      'suites/list.ts': `import { check } from '../helpers/check/check.ts';
check('TXN-LIST', 'a list', (t) => { t.expectStatus(1); });
check('TXN-SCHEMA', 'each item', (t) => {
  const refund = Math.random() > 0.5;
  t.expectSchema({}, refund ? 'transaction-refund' : 'transaction', 'data[0]');
});
// a comment that names 'ENV-LIST' is no check
`,
      'suites/list.test.ts':
        "import { check } from '../helpers/check/check.ts'; check('PAGE-LIMIT', 'x', () => {});",
    });
    expect(brief(scanChecks(root))).toEqual([
      { file: 'suites/list.ts', rules: ['TXN-LIST'], literal: true, schemas: [] },
      {
        file: 'suites/list.ts',
        rules: ['TXN-SCHEMA'],
        literal: true,
        schemas: ['transaction', 'transaction-refund'],
      },
    ]);
  });

  it('resolves a rule or a schema given through a narrow type, and follows the functions a check calls or passes on', () => {
    const root = fixture({
      'suites/area/modes.ts': `export interface Mode { readonly rule: 'AUTH-REQUIRED' | 'AUTH-INVALID' }
export const MODES: readonly Mode[] = [{ rule: 'AUTH-REQUIRED' }, { rule: 'AUTH-INVALID' }];
export function expectEnvelope(t: any): void { t.expectSchema({}, 'list-envelope', 'the body'); }
export function expectBoth(t: any, kind: 'category' | 'product'): void {
  expectEnvelope(t);
  t.expectSchema({}, kind, 'data');
}`,
      'suites/area.conformance.ts': `import { check } from '../helpers/check/check.ts';
import { expectBoth, MODES } from './area/modes.ts';
const each = (t: any, f: (t: any) => void) => f(t);
for (const mode of MODES) check(mode.rule, 'unauthenticated', (t) => each(t, (u) => u.expectStatus(4)));
check('PAGE-ENVELOPE', 'a listing', (t) => { expectBoth(t, 'category'); });
check('PAGE-OFFSET-SOFT', 'passed on', (t) => each(t, expectBoth));
`,
    });
    expect(brief(scanChecks(root))).toEqual([
      {
        file: 'suites/area.conformance.ts',
        rules: ['AUTH-REQUIRED', 'AUTH-INVALID'],
        literal: false,
        schemas: [],
      },
      {
        file: 'suites/area.conformance.ts',
        rules: ['PAGE-ENVELOPE'],
        literal: true,
        schemas: ['category', 'list-envelope', 'product'],
      },
      {
        file: 'suites/area.conformance.ts',
        rules: ['PAGE-OFFSET-SOFT'],
        literal: true,
        schemas: ['category', 'list-envelope', 'product'],
      },
    ]);
  });

  it('refuses a rule or schema it cannot read as literals', () => {
    const wide = fixture({
      'suites/wide.ts': `import { check } from '../helpers/check/check.ts';
export function judge(rule: string): void { check(rule, 'some rule', () => {}); }`,
    });
    expect(() => scanChecks(wide)).toThrow(/suites\/wide\.ts:2: the rule ID `rule` is not a literal/);
    const unknown = fixture({
      'suites/unknown.ts': `import { check } from '../helpers/check/check.ts';
check('TXN-LIST', 'x', (t) => t.expectSchema({}, 'transactions', 'data'));`,
    });
    expect(() => scanChecks(unknown)).toThrow(/suites\/unknown\.ts:2: transactions is not a schema name/);
  });

  it('gives each rule its check modules, then the run-wide ones', () => {
    const root = fixture({
      'suites/b.ts':
        "import { check } from '../helpers/check/check.ts'; check('HTTP-NO-5XX', 'x', () => {});",
      'suites/a.ts':
        "import { check } from '../helpers/check/check.ts'; check('HTTP-NO-5XX', 'y', () => {});",
    });
    const files = checkFilesByRule(scanChecks(root), root);
    expect(files['HTTP-NO-5XX']).toEqual(['suites/a.ts', 'suites/b.ts', 'cli/no-5xx.ts']);
    expect(files['TXN-LIST']).toEqual([]);
    expect(Object.keys(files)).toEqual(RULES.map((r) => r.id));
  });
});

describe("this project's checks", () => {
  const sites = scanChecks();

  it('are found in every suite module that calls check() or exploreCheck()', () => {
    const suites = new URL('../suites/', import.meta.url);
    const calling = (readdirSync(suites, { recursive: true, encoding: 'utf8' }) as string[])
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /\b(?:check|exploreCheck)\(/.test(readFileSync(new URL(f, suites), 'utf8')))
      .map((f) => `suites/${f.split('\\').join('/')}`)
      .sort();
    expect([...new Set(sites.map((s) => s.file))].sort()).toEqual(calling);
  });

  it('are those of the rule index (rule-checks.generated.ts; run `npm run docs:rules` when this fails)', () => {
    expect(RULE_CHECKS).toEqual(checkFilesByRule(sites));
  });

  describe('and the schemas each rule declares in the catalogue', () => {
    it("cover every schema a check validates with (a check of one rule: that rule's; of several: one of theirs)", () => {
      const undeclared = sites.flatMap((site) =>
        site.schemas
          .filter((schema) => !site.rules.some((id) => getRule(id).schemas.includes(schema)))
          .map((schema) => `${site.file}:${site.line} ${site.rules.join('|')} validates with ${schema}`),
      );
      expect(undeclared).toEqual([]);
    });

    it('are each validated with by some check of the rule', () => {
      const unused = RULES.flatMap((rule) =>
        rule.schemas
          .filter((schema) => !sites.some((s) => s.rules.includes(rule.id) && s.schemas.includes(schema)))
          .map((schema) => `${rule.id} declares ${schema}`),
      );
      expect(unused).toEqual([]);
    });

    it('leave out only the schemas that no check validates with: whole answers judged part by part, parts reached by $ref', () => {
      const used = new Set<SchemaName>(RULES.flatMap((r) => r.schemas));
      expect(SCHEMA_NAMES.filter((name) => !used.has(name))).toEqual([
        'category-listing',
        'category-response',
        'integration',
        'integration-delete',
        'product-listing',
        'transaction-list',
        'transaction-refund-response',
        'transaction-response',
      ]);
    });
  });
});

import { describe, expect, it } from 'vitest';
import { RULES } from '../helpers/catalogue/rules.ts';
import { PROJECT_ROOT } from './run.ts';
import { selectedRuleIds, suiteFiles, testNamePattern } from './selection.ts';

describe('rule selection', () => {
  it('selects the union of --rule and --area, or every rule', () => {
    expect(selectedRuleIds({ rules: [], areas: [] })).toHaveLength(RULES.length);
    const ids = selectedRuleIds({ rules: ['ENV-TYPE'], areas: ['authentication'] });
    expect(ids).toEqual(['ENV-TYPE', ...RULES.filter((r) => r.area === 'authentication').map((r) => r.id)]);
  });

  it('matches exactly the checks of the selected rules, by test name', () => {
    const pattern = testNamePattern({ rules: ['INT-GET'], areas: [] }) as RegExp;
    expect(pattern.test('integrations INT-GET MUST: the integration read is the one asked for')).toBe(true);
    expect(pattern.test('INT-GET MUST: x')).toBe(true);
    expect(pattern.test('INT-GET-OTHER MUST: x')).toBe(false);
    expect(pattern.test('integrations INT-SCHEMA MUST: mentions INT-GET')).toBe(false);
    expect(testNamePattern({ rules: [], areas: [] })).toBeUndefined();
  });

  it('loads only the suite files that name a selected rule', () => {
    const all = suiteFiles(PROJECT_ROOT, { rules: [], areas: [] });
    expect(all).toContain('suites/integrations.conformance.ts');
    const some = suiteFiles(PROJECT_ROOT, { rules: ['INT-SELF-LINK'], areas: [] });
    expect(some).toContain('suites/integrations.conformance.ts');
    expect(some).not.toContain('suites/transactions.conformance.ts');
    // The checks of an area live in suites/<area>/: its entry module names no rule itself.
    expect(suiteFiles(PROJECT_ROOT, { rules: [], areas: ['pagination'] })).toEqual([
      'suites/pagination.conformance.ts',
    ]);
    expect(suiteFiles(PROJECT_ROOT, { rules: ['PAGE-LIMIT'], areas: [] })).toEqual([
      'suites/pagination.conformance.ts',
    ]);
  });

  it('loads the suite file whose check families (modules of suites/ it imports) hold the rule', () => {
    expect(suiteFiles(PROJECT_ROOT, { rules: ['TXN-CONFIRM'], areas: [] })).toEqual([
      'suites/transactions.conformance.ts',
    ]);
    expect(suiteFiles(PROJECT_ROOT, { rules: ['PAGE-WALK'], areas: [] })).toEqual([
      'suites/pagination.conformance.ts',
    ]);
  });

  it('finds a suite file for every rule of the catalogue (a rule selected alone is run)', () => {
    const orphans = RULES.filter((r) => suiteFiles(PROJECT_ROOT, { rules: [r.id], areas: [] }).length === 0);
    expect(orphans.map((r) => r.id)).toEqual([]);
  });
});

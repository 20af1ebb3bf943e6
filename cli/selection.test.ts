import { describe, expect, it } from 'vitest';
import { CODE_ROOT } from '../helpers/package.ts';
import { RULES } from '../rules/catalogue.ts';
import { selectedRuleIds, suiteFiles } from './selection.ts';

describe('rule selection', () => {
  it('selects the union of --rule and --area, or every rule', () => {
    expect(selectedRuleIds({ rules: [], areas: [] })).toHaveLength(RULES.length);
    const ids = selectedRuleIds({ rules: ['ENV-TYPE'], areas: ['authentication'] });
    expect(ids).toEqual(['ENV-TYPE', ...RULES.filter((r) => r.area === 'authentication').map((r) => r.id)]);
  });

  it('runs the file of the area of a rule decided by flows only, and every file for an exchange rule', () => {
    const all = suiteFiles(CODE_ROOT, { rules: [], areas: [] });
    expect(all).toContain('suites/integrations.conformance.ts');
    expect(suiteFiles(CODE_ROOT, { rules: ['INT-SELF-LINK'], areas: [] })).toEqual(all);
    for (const declared of RULES.filter((r) => !r.exchange)) {
      const area = RULES.find((r) => r.id === declared.id)?.area;
      expect(suiteFiles(CODE_ROOT, { rules: [declared.id], areas: [] })).toEqual([
        `suites/${area}.conformance.ts`,
      ]);
    }
  });

  it('finds a suite file for every rule of the catalogue (a rule selected alone is run)', () => {
    const orphans = RULES.filter((r) => suiteFiles(CODE_ROOT, { rules: [r.id], areas: [] }).length === 0);
    expect(orphans.map((r) => r.id)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { getRule, isRuleId, RULES } from '../../rules/catalogue.ts';
import { buildReferenceApp } from '../app.ts';
import { resolveOptions } from '../options.ts';
import { FAULTS, findFault, listFaults, OPTION_CATALOGUE } from './catalogue.ts';

describe('fault catalogue', () => {
  it('has unique, kebab-case names with a description', () => {
    const names = FAULTS.map((f) => f.name);
    expect(new Set(names).size).toBe(names.length);
    for (const fault of FAULTS) {
      expect(fault.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(fault.description.length).toBeGreaterThan(10);
    }
  });

  it('names only MUST and SHOULD rules of the catalogue (INFO rules are never judged)', () => {
    for (const fault of FAULTS) {
      expect(isRuleId(fault.rule), `${fault.name} → ${fault.rule}`).toBe(true);
      expect(getRule(fault.rule).level, `${fault.name} → ${fault.rule}`).not.toBe('INFO');
    }
  });

  it('declares collateral as other rules of the catalogue, each with a one-line reason', () => {
    for (const fault of FAULTS) {
      for (const [id, reason] of Object.entries(fault.collateral ?? {})) {
        expect(isRuleId(id), `${fault.name}: collateral ${id}`).toBe(true);
        expect(id, `${fault.name}: its own rule is not collateral`).not.toBe(fault.rule);
        expect(reason, `${fault.name}: reason of ${id}`).toMatch(/^[^\n]{10,200}$/);
      }
    }
  });

  it('has a fault for every MUST and SHOULD rule of the catalogue', () => {
    const covered = new Set(FAULTS.map((f) => f.rule));
    const uncovered = RULES.filter((r) => r.level !== 'INFO' && !covered.has(r.id)).map((r) => r.id);
    expect(uncovered).toEqual([]);
  });

  it('lists one fault a line as "name RULE-ID"', () => {
    const lines = listFaults().split('\n');
    expect(lines).toHaveLength(FAULTS.length);
    lines.forEach((line, i) => {
      expect(line).toBe(`${FAULTS[i]?.name} ${FAULTS[i]?.rule}`);
    });
  });

  it('refuses unknown fault names', () => {
    expect(findFault('no-such-fault')).toBeUndefined();
    expect(() => resolveOptions({ faults: ['no-such-fault'] }, OPTION_CATALOGUE)).toThrow(
      /unknown fault "no-such-fault"/,
    );
  });

  it('installs every fault, alone and all together', async () => {
    for (const fault of FAULTS) {
      const app = buildReferenceApp({ faults: [fault.name] });
      await app.ready();
      await app.close();
    }
    const all = buildReferenceApp({ faults: FAULTS.map((f) => f.name) });
    await all.ready();
    await all.close();
  });
});

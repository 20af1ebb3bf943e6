import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { getRule, isRuleId } from '../../../rules/catalogue.ts';
import { buildReferenceApp } from '../../app.ts';
import { resolveOptions } from '../../options.ts';
import { FAULTS, findFault, listFaults, OPTION_CATALOGUE } from '../catalogue.ts';
import { UNSEEN_CLASSES, UNSEEN_FAULTS } from './faults.ts';

describe('unseen faults', () => {
  it('are switchable by name, but neither in FAULTS nor listed', () => {
    const names = UNSEEN_FAULTS.map((f) => f.name);
    const others = FAULTS.map((f) => f.name);
    expect(new Set([...names, ...others]).size).toBe(names.length + others.length);
    for (const fault of UNSEEN_FAULTS) {
      expect(findFault(fault.name)).toBe(fault);
      expect(FAULTS.includes(fault), fault.name).toBe(false);
      expect(listFaults().split('\n').includes(`${fault.name} ${fault.rule}`), fault.name).toBe(false);
    }
    expect(resolveOptions({ faults: names }, OPTION_CATALOGUE).faults.size).toBe(names.length);
  });

  it('break one MUST or SHOULD rule each, with a profile and collateral reasons on one line', () => {
    for (const fault of UNSEEN_FAULTS) {
      expect(fault.name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(isRuleId(fault.rule) && getRule(fault.rule).level, fault.name).toMatch(/^(MUST|SHOULD)$/);
      expect(fault.profile, fault.name).toMatch(/^(gate|deep)$/);
      for (const [id, reason] of Object.entries(fault.collateral ?? {})) {
        expect(isRuleId(id) && id !== fault.rule, `${fault.name}: ${id}`).toBe(true);
        expect(reason).toMatch(/^[^\n]{10,200}$/);
      }
    }
  });

  it('come in sets of at least 20, each fault tested in the file of its set', () => {
    for (const [name, faults] of Object.entries(UNSEEN_CLASSES)) {
      expect(faults.length, name).toBeGreaterThanOrEqual(20);
      const tests = readFileSync(new URL(`${name}.test.ts`, import.meta.url), 'utf8');
      for (const fault of faults) expect(tests, fault.name).toContain(`'${fault.name}'`);
    }
  });

  it('install alone and all together', async () => {
    for (const fault of UNSEEN_FAULTS) {
      const app = buildReferenceApp({ faults: [fault.name] });
      await app.ready();
      await app.close();
    }
    const all = buildReferenceApp({ faults: UNSEEN_FAULTS.map((f) => f.name) });
    await all.ready();
    await all.close();
  });
});

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference/faults/catalogue.ts';
import type { Fault } from '../../reference/faults/fault.ts';
import { RULES } from '../../rules/catalogue.ts';
import { buildRuleIndex, faultCommand, ruleIndex, schemaFile } from './rule-index.ts';

const root = new URL('../../', import.meta.url);
const install = () => {};

describe('buildRuleIndex', () => {
  const keyed: Fault = { name: 'keyed', rule: 'ENV-LIST', description: 'd', install };
  const empty: Fault = {
    name: 'empty',
    rule: 'TXN-LIST',
    description: 'd',
    collateral: { 'TXN-AUTHORIZE': 'the authorize check reads the list' },
    install,
  };
  const index = buildRuleIndex([keyed, empty]);

  it('gives each rule its file, schema files, faults and the faults that declare it as collateral', () => {
    expect(index.get('TXN-LIST')).toMatchObject({
      rule: { id: 'TXN-LIST', level: 'MUST', area: 'transactions', section: '§4.1' },
      file: 'rules/transactions/txn-list.ts',
      faults: [empty],
      collateralOf: [],
    });
    expect(index.get('TXN-SCHEMA')).toMatchObject({
      file: 'rules/transactions/txn-schema.ts',
      schemas: ['schemas/transaction.schema.json', 'schemas/transaction-refund.schema.json'],
      faults: [],
    });
    expect(index.get('TXN-AUTHORIZE')).toMatchObject({
      faults: [],
      collateralOf: [{ fault: empty, reason: 'the authorize check reads the list' }],
    });
    expect(index.get('ENV-LIST')?.faults).toEqual([keyed]);
  });

  it('has every rule, in catalogue order', () => {
    expect([...index.keys()]).toEqual(RULES.map((r) => r.id));
  });

  it('names the command that shows a worked failure, and the file of a schema', () => {
    expect(faultCommand('refund-with-meta')).toBe('npm run reference -- --fault refund-with-meta');
    expect(schemaFile('transaction')).toBe('schemas/transaction.schema.json');
  });
});

describe("the project's rule index", () => {
  const index = ruleIndex();

  it('is made of the rule files and the fault catalogue', () => {
    for (const [id, entry] of index) expect(entry.faults).toEqual(FAULTS.filter((f) => f.rule === id));
  });

  it('names only rule files and schema files that exist', () => {
    for (const [id, entry] of index) {
      expect(existsSync(new URL(entry.file, root)), `${id}: ${entry.file}`).toBe(true);
      for (const file of entry.schemas) {
        expect(readFileSync(new URL(file, root), 'utf8'), `${id}: ${file}`).toContain('"$id"');
      }
    }
  });

  it('gives every MUST and SHOULD rule a fault, and every fault and collateral a rule of the index', () => {
    for (const [id, entry] of index) {
      if (entry.rule.level !== 'INFO') expect(entry.faults.length, `${id} has no fault`).toBeGreaterThan(0);
    }
    const listed = [...index.values()].flatMap((e) => e.faults);
    expect([...listed].sort((a, b) => a.name.localeCompare(b.name))).toEqual(
      [...FAULTS].sort((a, b) => a.name.localeCompare(b.name)),
    );
    const collateral = [...index.values()].flatMap((e) =>
      e.collateralOf.map((c) => [c.fault.name, e.rule.id]),
    );
    expect(collateral.sort()).toEqual(
      FAULTS.flatMap((f) => Object.keys(f.collateral ?? {}).map((id) => [f.name, id])).sort(),
    );
  });
});

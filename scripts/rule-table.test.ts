import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ruleIndex } from '../cli/report/rule-index.ts';
import { RULES } from '../helpers/catalogue/rules.ts';
import { parseTableRows, README, readmeTable, ruleTableRows } from './rule-table.ts';

const rows = parseTableRows(readmeTable(readFileSync(README, 'utf8')));

/** The `code` spans of a cell, and the targets of its links. */
const codes = (cell: string | undefined) =>
  [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
const links = (cell: string | undefined) =>
  [...(cell ?? '').matchAll(/\]\(([^)]+)\)/g)].map((m) => m[1] as string);

describe("README's rule table", () => {
  it('is in step with the rule index: catalogue, files, schemas and faults (npm run docs:rules rewrites it)', () => {
    expect(rows).toEqual(ruleTableRows());
  });

  it('says, per rule, what the index says: its file, schema files, faults and collateral', () => {
    expect(rows.map((row) => codes(row[0])[0])).toEqual(RULES.map((r) => r.id));
    for (const [i, entry] of [...ruleIndex().values()].entries()) {
      const [id, level, section, , file, schemas, faults] = rows[i] ?? [];
      expect([id, level, section]).toEqual([`\`${entry.rule.id}\``, entry.rule.level, entry.rule.section]);
      expect(links(file)).toEqual([entry.file]);
      expect(links(schemas)).toEqual(entry.schemas);
      const [own = '', collateral = ''] = (faults ?? '').split('; collateral of ');
      expect(codes(own)).toEqual(entry.faults.map((f) => f.name));
      expect(codes(collateral)).toEqual(entry.collateralOf.map((c) => c.fault.name));
    }
  });

  it('links only to files that exist, and names a fault for every MUST and SHOULD rule', () => {
    RULES.forEach((rule, i) => {
      const [, , , , file, schemas, faults] = rows[i] ?? [];
      for (const path of [...links(file), ...links(schemas)])
        expect(existsSync(new URL(`../${path}`, import.meta.url)), `${rule.id}: ${path}`).toBe(true);
      if (rule.level !== 'INFO') expect(faults, rule.id).toMatch(/^`[a-z0-9-]+`/);
    });
  });
});

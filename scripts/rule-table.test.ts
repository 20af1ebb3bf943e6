import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ruleIndex } from '../cli/report/rule-index.ts';
import { RULES } from '../rules/catalogue.ts';
import { FROM_PAGE, pageTable, parseTableRows, RULE_TABLE_PAGE, ruleTableRows } from './rule-table.ts';

const rows = parseTableRows(pageTable(readFileSync(RULE_TABLE_PAGE, 'utf8')));

/** The `code` spans of a cell. */
const codes = (cell: string | undefined) =>
  [...(cell ?? '').matchAll(/`([^`]+)`/g)].map((m) => m[1] as string);
/** The targets of a cell's links, as paths from the repository's root (the page lies in `docs/`). */
const links = (cell: string | undefined) =>
  [...(cell ?? '').matchAll(/\]\(([^)]+)\)/g)].map((m) => {
    const target = m[1] as string;
    expect(target.startsWith(FROM_PAGE), target).toBe(true);
    return target.slice(FROM_PAGE.length);
  });

describe("docs/reference-server.md's rule table", () => {
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

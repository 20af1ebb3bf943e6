import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULES } from '../helpers/catalogue/rules.ts';
import { parseTableRows, README, readmeTable, ruleTableRows } from './rule-table.ts';

describe("README's rule table", () => {
  it('is in step with the rule catalogue and the faults (npm run docs:rules rewrites it)', () => {
    const table = readmeTable(readFileSync(README, 'utf8'));
    expect(parseTableRows(table)).toEqual(ruleTableRows());
  });

  it('names a fault for every MUST and SHOULD rule', () => {
    const rows = ruleTableRows();
    RULES.forEach((rule, i) => {
      if (rule.level !== 'INFO') expect(rows[i]?.[4], rule.id).toMatch(/^`[a-z0-9-]+`/);
    });
  });
});

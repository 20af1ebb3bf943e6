import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AREAS, getRule, isRuleId, RULES } from './catalogue.ts';

const specDir = new URL('../../shared/spec/', import.meta.url);
const rulesMd = new URL('rules.md', specDir);
const apiMd = new URL('commerce-api.md', specDir);

/** Rows `| ID | LEVEL | text |` of the catalogue's tables. */
function parseCatalogue(markdown: string): { id: string; level: string; title: string }[] {
  const rows: { id: string; level: string; title: string }[] = [];
  for (const line of markdown.split('\n')) {
    const match = /^\| ([A-Z]+(?:-[A-Z0-9]+)+) \| (MUST|SHOULD|INFO) \| (.*) \|$/.exec(line);
    if (match) rows.push({ id: match[1] as string, level: match[2] as string, title: match[3] as string });
  }
  return rows;
}

describe('rule catalogue', () => {
  it('has unique IDs', () => {
    const ids = RULES.map((r) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('gives every rule a known area, a § section and a title', () => {
    for (const r of RULES) {
      expect(AREAS).toContain(r.area);
      expect(r.section).toMatch(/^§\d+(\.\d+)?$/);
      expect(r.title.length).toBeGreaterThan(10);
    }
  });

  it('keeps every [id, level] as it was: an ID or a level never changes silently (update the snapshot on purpose)', () => {
    expect(RULES.map((r) => `${r.id} ${r.level}`)).toMatchInlineSnapshot(`
      [
        "ENV-SINGLE MUST",
        "ENV-LIST MUST",
        "ENV-TYPE MUST",
        "HTTP-JSON SHOULD",
        "HTTP-NO-5XX MUST",
        "TXN-SCHEMA MUST",
        "TXN-AMOUNT MUST",
        "TXN-ORDER MUST",
        "TXN-LIST MUST",
        "TXN-AUTHORIZE MUST",
        "TXN-MANUAL-REF MUST",
        "TXN-AUTHORIZE-MANUAL-ONLY SHOULD",
        "TXN-CAPTURE MUST",
        "TXN-CAPTURE-REF MUST",
        "TXN-REFUND MUST",
        "TXN-REFUND-NO-META MUST",
        "TXN-CONFIRM MUST",
        "TXN-UNKNOWN SHOULD",
        "INT-SCHEMA MUST",
        "INT-GET MUST",
        "INT-SELF-LINK MUST",
        "INT-OBSERVES MUST",
        "INT-TIMESTAMP-MS MUST",
        "INT-DELETE MUST",
        "INT-DELETE-GONE SHOULD",
        "INT-NOT-FOUND SHOULD",
        "PAGE-ENVELOPE MUST",
        "PAGE-META-EMPTY MUST",
        "PAGE-LIMIT MUST",
        "PAGE-OFFSET MUST",
        "PAGE-LINKS MUST",
        "PAGE-PREV-NEXT MUST",
        "PAGE-WALK MUST",
        "PAGE-COUNTS SHOULD",
        "PAGE-DEFAULT-LIMIT SHOULD",
        "PAGE-MAX-LIMIT MUST",
        "PAGE-OFFSET-HARD MUST",
        "PAGE-OFFSET-SOFT SHOULD",
        "PAGE-BAD-PARAMS SHOULD",
        "PAGE-RESULTS-ALL INFO",
        "INC-PRODUCTS MUST",
        "INC-SHAPE MUST",
        "INC-NONE-RELATED MUST",
        "INC-UNSUPPORTED MUST",
        "INC-MULTI MUST",
        "INC-LINKAGE SHOULD",
        "INC-LIMIT SHOULD",
        "CAT-SCHEMA MUST",
        "PRD-SCHEMA MUST",
        "AUTH-REQUIRED MUST",
        "AUTH-INVALID MUST",
        "AUTH-STATUS INFO",
      ]
    `);
  });

  it('looks up rules by ID and refuses unknown ones', () => {
    expect(getRule('PAGE-MAX-LIMIT').level).toBe('MUST');
    expect(isRuleId('PAGE-MAX-LIMIT')).toBe(true);
    expect(isRuleId('NOPE-RULE')).toBe(false);
    // @ts-expect-error an ID that is not in the catalogue does not compile
    expect(() => getRule('NOPE-RULE')).toThrow(/Unknown rule ID "NOPE-RULE"/);
  });

  it('is in step with shared/spec/rules.md (IDs, order, levels, wording): the declarations say what it says', (ctx) => {
    if (!existsSync(rulesMd)) ctx.skip('shared/spec/rules.md is not beside this checkout');
    const source = parseCatalogue(readFileSync(rulesMd, 'utf8'));
    expect(source.length).toBeGreaterThan(40);
    expect(RULES.map((r) => ({ id: r.id, level: r.level, title: r.title }))).toEqual(source);
  });

  it('cites only sections that exist in commerce-api.md', (ctx) => {
    if (!existsSync(apiMd)) ctx.skip('shared/spec/commerce-api.md is not beside this checkout');
    const headings = new Set(
      [...readFileSync(apiMd, 'utf8').matchAll(/^#{2,3} (\d+(?:\.\d+)?)\.? /gm)].map((m) => `§${m[1]}`),
    );
    for (const r of RULES) expect(headings, `${r.id} cites ${r.section}`).toContain(r.section);
  });
});

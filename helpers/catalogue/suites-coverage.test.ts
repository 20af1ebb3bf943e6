import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isRuleId, RULES } from './rules.ts';

const suitesDir = new URL('../../suites/', import.meta.url);
const sources = readdirSync(suitesDir)
  .filter((name) => name.endsWith('.conformance.ts'))
  .map((name) => ({ name, text: readFileSync(new URL(name, suitesDir), 'utf8') }));

/** Every string literal in the suites shaped like a rule ID (`'TXN-CAPTURE'`, `rule: 'AUTH-REQUIRED'`). */
const ruleLiterals = sources.flatMap(({ name, text }) =>
  [...text.matchAll(/['"`]([A-Z]{3,5}(?:-[A-Z0-9]+)+)['"`]/g)].map((m) => ({
    file: name,
    id: m[1] as string,
  })),
);

describe('the suites and the rule catalogue', () => {
  it('use only rule IDs that exist in the catalogue', () => {
    const unknown = ruleLiterals.filter(({ id }) => !isRuleId(id)).map(({ file, id }) => `${file}: ${id}`);
    expect(unknown).toEqual([]);
  });

  it('name every rule of the catalogue in some suite', () => {
    const named = new Set(ruleLiterals.map(({ id }) => id));
    expect(RULES.filter((r) => !named.has(r.id)).map((r) => r.id)).toEqual([]);
  });
});

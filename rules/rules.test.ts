import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { RULES } from '../helpers/catalogue/rules.ts';
import { RULE_DECLARATIONS, ruleFile } from './index.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The project's source files (not its tests), relative to the root. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.(ts|mts|mjs)$/.test(name) && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the rule declarations', () => {
  it('declare every rule of the catalogue once, each in the file named after its ID', async () => {
    expect(RULE_DECLARATIONS.map((r) => r.id).sort()).toEqual(RULES.map((r) => r.id).sort());
    for (const rule of RULES) {
      const file = ruleFile(rule);
      expect(existsSync(join(ROOT, file)), file).toBe(true);
      const declared = (await import(`../${file}`)).default;
      expect(declared?.id, file).toBe(rule.id);
      expect(RULE_DECLARATIONS).toContain(declared);
    }
  });

  it('decide each rule by an exchange verdict, by flows, or both', () => {
    for (const declared of RULE_DECLARATIONS)
      expect(declared.exchange ?? declared.flows, declared.id).toBeDefined();
  });

  it('name a rule ID in at most 4 source files outside the catalogue table and the faults (median at most 2)', () => {
    const files = [
      'bin',
      'cli',
      'helpers',
      'probes',
      'reference',
      'rules',
      'scripts',
      'suites',
      'test-support',
    ]
      .flatMap(sources)
      .filter(
        (file) =>
          !file.startsWith(join('helpers', 'catalogue', 'table')) &&
          !file.startsWith(join('reference', 'faults')),
      )
      .map((file) => ({ file: relative('.', file), text: readFileSync(join(ROOT, file), 'utf8') }));
    const counts = RULES.map((rule) => {
      const pattern = new RegExp(`['"\`]${rule.id}['"\`]`);
      return { id: rule.id, files: files.filter((f) => pattern.test(f.text)).map((f) => f.file) };
    });
    for (const { id, files: naming } of counts)
      expect(naming.length, `${id}: ${naming.join(', ')}`).toBeLessThanOrEqual(4);
    const sorted = counts.map((c) => c.files.length).sort((a, b) => a - b);
    expect(sorted[Math.floor((sorted.length - 1) / 2)]).toBeLessThanOrEqual(2);
  });
});

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS } from '../helpers/catalogue/rule.ts';
import { renderIndex, ruleFiles } from '../scripts/rule-index.ts';
import { RULES, ruleFile } from './catalogue.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));

/** The project's source files (not its tests, not generated), relative to the root. */
function sources(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(ROOT, path)).isDirectory()) return sources(path);
    return /\.(ts|mts|mjs|js)$/.test(name) && !/\.test\.ts$|\.generated\.ts$/.test(name) ? [path] : [];
  });
}

/** The imports of an index text, and its lists of names by area: what the order of its lines leaves alone. */
function indexShape(text: string) {
  const imports = [...text.matchAll(/^import (\w+) from '(\.\/[\w/-]+\.ts)';$/gm)].map(
    (m) => `${m[1]} ${m[2]}`,
  );
  const lists = [...text.matchAll(/(\w+): area\('\w+', \[([^\]]*)\]\)/g)].map((m) => [
    m[1],
    (m[2] as string)
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  ]);
  return { imports: imports.sort(), lists };
}

describe('the rule declarations', () => {
  it('are each in the file named after its ID, in the folder of its area', async () => {
    for (const rule of RULES) {
      const file = ruleFile(rule);
      expect(existsSync(join(ROOT, file)), file).toBe(true);
      const declared = (await import(`../${file}`)).default;
      expect(declared?.id, file).toBe(rule.id);
    }
  });

  it('are listed by rules/index.generated.ts, every rule file of every area (npm run rules writes it)', () => {
    const listed = AREAS.flatMap((area) => ruleFiles(area).map((file) => `rules/${area}/${file}`));
    expect(RULES.map(ruleFile).sort()).toEqual(listed.sort());
    const committed = readFileSync(join(ROOT, 'rules', 'index.generated.ts'), 'utf8');
    const fresh = renderIndex(RULES.map((r) => r.id));
    expect(indexShape(committed)).toEqual(indexShape(fresh));
  });

  it('decide each rule by an exchange verdict, by flows, or both', () => {
    for (const declared of RULES) expect(declared.exchange ?? declared.flows, declared.id).toBeDefined();
  });

  it('require only rules of the catalogue', () => {
    for (const declared of RULES) {
      for (const required of declared.requires ?? []) expect(RULES.map((r) => r.id)).toContain(required.id);
    }
  });

  it('load no probe and no vitest (the command line loads the catalogue to judge its own requests and traffic)', () => {
    // What loading the catalogue loads: its value imports (`import type` is erased), followed through the files.
    const loaded = new Set<string>();
    const modules = new Set<string>();
    const pending = ['rules/catalogue.ts'];
    for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
      if (loaded.has(file)) continue;
      loaded.add(file);
      const text = readFileSync(join(ROOT, file), 'utf8');
      for (const [, specifier] of text.matchAll(/^(?:import|export) (?!type )[^;]*? from '([^']+)'/gms)) {
        if (!specifier?.startsWith('.')) modules.add(specifier as string);
        else pending.push(relative(ROOT, join(ROOT, file, '..', specifier)));
      }
    }
    expect(loaded.size).toBeGreaterThan(RULES.length);
    expect([...loaded].filter((file) => file.startsWith('probes/'))).toEqual([]);
    expect([...modules].filter((module) => module.startsWith('vitest'))).toEqual([]);
  });

  it('name each rule ID in its own file only, and at all (comments included) in at most 4 source files outside the reference faults (median at most 2)', () => {
    const files = ['bin', 'cli', 'helpers', 'probes', 'reference', 'rules', 'scripts', 'suites']
      .flatMap(sources)
      .filter((file) => !file.startsWith(join('reference', 'faults')))
      .map((file) => ({ file: relative('.', file), text: readFileSync(join(ROOT, file), 'utf8') }));
    const counts = RULES.map((rule) => {
      const literal = new RegExp(`['"\`]${rule.id}['"\`]`);
      const named = new RegExp(`(?<![\\w-])${rule.id}(?![\\w-])`);
      return {
        id: rule.id,
        literal: files.filter((f) => literal.test(f.text)).map((f) => f.file),
        named: files.filter((f) => named.test(f.text)).map((f) => f.file),
      };
    });
    for (const { id, literal, named } of counts) {
      expect(literal, id).toEqual([ruleFile(RULES.find((r) => r.id === id) as (typeof RULES)[number])]);
      expect(named.length, `${id}: ${named.join(', ')}`).toBeLessThanOrEqual(4);
    }
    const sorted = counts.map((c) => c.named.length).sort((a, b) => a - b);
    expect(sorted[Math.floor((sorted.length - 1) / 2)]).toBeLessThanOrEqual(2);
  });
});

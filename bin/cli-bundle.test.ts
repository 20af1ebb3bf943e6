import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { helpText } from '../cli/help.ts';
import { cacheDirOf, cliBundle, PACKAGE_ROOT } from './cli-bundle.mjs';

const root = mkdtempSync(join(tmpdir(), 'cli-bundle-'));

/** A small project: an entry that imports a module, which tells its own URL and imports a package. */
function project(name: string): { entry: string; dep: string; dir: string } {
  const src = join(root, name);
  mkdirSync(src);
  const entry = join(src, 'entry.ts');
  const dep = join(src, 'dep.ts');
  writeFileSync(entry, "export { here, answer } from './dep.ts';\n");
  writeFileSync(
    dep,
    "import { sep } from 'node:path';\nexport const here: string = import.meta.url;\nexport const answer: number = 41 + sep.length;\n",
  );
  return { entry, dep, dir: join(src, 'cache') };
}

describe('cliBundle', () => {
  it('bundles once, keeps each module its own import.meta.url, and reuses the bundle while nothing changed', async () => {
    const { entry, dep, dir } = project('same');
    const first = await cliBundle({ entry, dir });
    expect(first.built).toBe(true);
    const module = await import(pathToFileURL(first.file).href);
    expect(module).toMatchObject({ here: pathToFileURL(dep).href, answer: 42 });
    expect(await cliBundle({ entry, dir })).toEqual({ file: first.file, built: false });
  });

  it('rebuilds when a source changes, and removes the bundle of the old sources', async () => {
    const { entry, dep, dir } = project('changed');
    const first = await cliBundle({ entry, dir });
    writeFileSync(dep, 'export const here = "moved";\nexport const answer = 7;\n');
    const second = await cliBundle({ entry, dir });
    expect(second.built).toBe(true);
    expect(second.file).not.toBe(first.file);
    expect(existsSync(first.file)).toBe(false);
    expect(await import(pathToFileURL(second.file).href)).toMatchObject({ here: 'moved', answer: 7 });
  });

  it('throws for sources that do not compile (the command then loads them through tsx)', async () => {
    const { entry, dir } = project('broken');
    writeFileSync(entry, 'export const = ;\n');
    await expect(cliBundle({ entry, dir })).rejects.toThrow();
  });

  it("bundles the command line, whose output is the sources' own", async () => {
    const { file } = await cliBundle({ entry: join(PACKAGE_ROOT, 'cli', 'main.ts'), dir: join(root, 'cli') });
    const cli = await import(pathToFileURL(file).href);
    const out: string[] = [];
    const io = { out: (text: string) => out.push(text), err: (text: string) => out.push(text) };
    expect(await cli.main(['--help'], {}, io)).toBe(0);
    expect(out).toEqual([helpText()]);
  });

  it("keeps its cache inside the package's own node_modules", () => {
    expect(cacheDirOf('/opt/pkg', 'cli')).toBe(
      join('/opt/pkg', 'node_modules', '.cache', 'commerce-conformance', 'cli'),
    );
  });
});

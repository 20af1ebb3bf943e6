/**
 * Which top-level folder's sources import which, read from the code: the layers that `docs/architecture.md`
 * draws, and `docs/docs.test.ts` holds the picture to.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';

/** A source file of the layers: TypeScript or an ES module, not a test (the tests' support code is a layer). */
const isSource = (name: string) => /\.(ts|mts|mjs)$/.test(name) && !name.endsWith('.test.ts');

/** The source files under a folder, recursively, leaving out `node_modules`. */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path);
    return isSource(entry.name) ? [path] : [];
  });
}

/** The relative module specifiers of a source text: `from '…'` (imports and re-exports) and `import('…')`. */
export function relativeSpecifiers(source: string): string[] {
  return [...source.matchAll(/(?:\bfrom|\bimport\s*\()\s*['"](\.{1,2}\/[^'"]+)['"]/g)].map(
    (match) => match[1] as string,
  );
}

/** Top-level folders that are not sources: installed packages, and the build's output (`npm run build`). */
const NOT_SOURCES = new Set(['node_modules', 'dist']);

/** The top-level folders of the repository that hold at least one source file (dot folders left out). */
export function sourceFolders(root: string): string[] {
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.') && !NOT_SOURCES.has(entry.name))
    .map((entry) => entry.name)
    .filter((name) => sourceFiles(join(root, name)).length > 0)
    .sort();
}

/**
 * The imports between the given top-level folders, as `from --> to` edges, sorted: an edge for every folder
 * one of whose sources imports a module in another of the folders. Imports of files at the root (`index.ts`)
 * or in folders not given are left out.
 */
export function folderImports(root: string, folders: readonly string[]): string[] {
  const edges = new Set<string>();
  for (const from of folders)
    for (const file of sourceFiles(join(root, from)))
      for (const specifier of relativeSpecifiers(readFileSync(file, 'utf8'))) {
        const to = relative(root, resolve(dirname(file), specifier)).split(sep)[0] ?? '';
        if (to !== from && folders.includes(to)) edges.add(`${from} --> ${to}`);
      }
  return [...edges].sort();
}

/**
 * The source files (relative to the root, `/`-separated) that the given entry files reach through their
 * relative imports, the entries included: the modules a user of those entries loads.
 */
export function reachedFrom(root: string, entries: readonly string[]): Set<string> {
  const reached = new Set<string>();
  const pending = [...entries];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (reached.has(file)) continue;
    reached.add(file);
    for (const specifier of relativeSpecifiers(readFileSync(join(root, file), 'utf8')))
      pending.push(
        relative(root, resolve(root, dirname(file), specifier))
          .split(sep)
          .join('/'),
      );
  }
  return reached;
}

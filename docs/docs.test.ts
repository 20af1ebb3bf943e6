import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  folderImports,
  reachedFrom,
  sourceFiles,
  sourceFolders,
} from '../test-support/docs/folder-imports.ts';
import { backtickedPaths, headingAnchors, relativeLinks } from '../test-support/docs/markdown-links.ts';

/**
 * The README and the pages of `docs/` kept in step with the tree: a short README, links that lead somewhere,
 * and an architecture page whose paths exist, whose picture and table of the layers are the code's folders
 * and imports, and whose shipped folders hold only what their entry points reach.
 */
const root = resolve(import.meta.dirname, '..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const pages = readdirSync(join(root, 'docs'))
  .filter((name) => name.endsWith('.md'))
  .map((name) => `docs/${name}`);
const markdownFiles = ['README.md', ...pages];

/** What is wrong with a link of the Markdown file `from` (from the root); undefined: it leads somewhere. */
function brokenLink(from: string, target: string): string | undefined {
  const [path = '', anchor] = target.split('#');
  const file = path === '' ? join(root, from) : resolve(dirname(join(root, from)), decodeURI(path));
  if (!file.startsWith(root)) return 'leads out of the repository';
  if (!existsSync(file)) return `no file ${relative(root, file)}`;
  if (anchor === undefined) return undefined;
  if (!file.endsWith('.md')) return `an anchor into ${relative(root, file)}, which is not Markdown`;
  return headingAnchors(readFileSync(file, 'utf8')).has(anchor)
    ? undefined
    : `no heading #${anchor} in ${relative(root, file)}`;
}

/** The mermaid block of a Markdown text: its node ids and solid edges (`a --> b`), dotted ones left out. */
function mermaidGraph(markdown: string): { nodes: string[]; edges: string[] } {
  const block = /```mermaid\n([\s\S]*?)```/.exec(markdown)?.[1] ?? '';
  const nodes = [...block.matchAll(/^\s*([a-z][\w-]*)\[/gm)].map((m) => m[1] as string);
  const edges = [...block.matchAll(/^\s*([a-z][\w-]*)\s*-->\s*([a-z][\w-]*)\s*$/gm)].map(
    (m) => `${m[1]} --> ${m[2]}`,
  );
  return { nodes, edges: edges.sort() };
}

describe('the README', () => {
  it('is at most 250 lines', () => {
    expect(read('README.md').trimEnd().split('\n').length).toBeLessThanOrEqual(250);
  });

  it('links to every page of docs/', () => {
    const linked = new Set(relativeLinks(read('README.md')).map((link) => link.target.split('#')[0]));
    for (const page of pages) expect(linked.has(page), page).toBe(true);
  });
});

describe('the links of the README and of docs/*.md', () => {
  it.each(markdownFiles)(
    '%s: every relative link leads to a file, and its #anchor to a heading there',
    (from) => {
      const broken = relativeLinks(read(from)).flatMap(({ target, line }) => {
        const why = brokenLink(from, target);
        return why === undefined ? [] : [`${from}:${line} (${target}): ${why}`];
      });
      expect(broken).toEqual([]);
    },
  );
});

describe('docs/architecture.md', () => {
  const page = read('docs/architecture.md');

  it('names in backticks only paths of the tree (a path ending in / a folder)', () => {
    const paths = backtickedPaths(page);
    expect(paths).toContain('helpers/');
    const missing = paths.filter((path) =>
      path.endsWith('/')
        ? !(existsSync(join(root, path)) && statSync(join(root, path)).isDirectory())
        : !existsSync(join(root, path)),
    );
    expect(missing).toEqual([]);
  });

  it('draws every folder of sources, and as arrows exactly the imports between them', () => {
    const { nodes, edges } = mermaidGraph(page);
    expect([...nodes].sort()).toEqual(sourceFolders(root));
    expect(edges).toEqual(folderImports(root, nodes));
  });

  it('gives every folder of sources a floor in the table of the layers, and no other folder', () => {
    const floors = [...page.matchAll(/^\| \d+ \| `([\w-]+)\/` \|/gm)].map((m) => m[1] as string);
    expect([...floors].sort()).toEqual(sourceFolders(root));
  });

  it('the shipped folders hold only what their entry points reach (what tests alone use is in test-support/)', () => {
    const entries = [
      'cli/main.ts',
      'cli/api.ts',
      'cli/target/global-setup.ts',
      'reference/serve.ts',
      ...readdirSync(join(root, 'suites'))
        .filter((name) => name.endsWith('.conformance.ts'))
        .map((name) => `suites/${name}`),
    ];
    const reached = reachedFrom(root, entries);
    const unreached = ['cli', 'helpers', 'probes', 'rules', 'suites', 'reference', 'schemas']
      .flatMap((folder) => sourceFiles(join(root, folder)))
      .map((file) => relative(root, file).split(sep).join('/'))
      .filter((file) => !reached.has(file));
    expect(unreached).toEqual([]);
  });
});

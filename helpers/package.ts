/**
 * Where the package is, and the tree of modules running now. The same modules run as TypeScript sources (the
 * repository's own tests, through vitest) and compiled to JavaScript in `dist/` (the command line, the API and
 * the suites of a built or installed package): files the package ships beside the code (schemas, the OpenAPI
 * document, package.json) are found from {@link PACKAGE_ROOT}, the suite files from {@link CODE_ROOT}.
 */
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The root of the tree of modules running now: the package's root (sources) or its `dist/` (compiled). */
export const CODE_ROOT: string = fileURLToPath(new URL('..', import.meta.url));

/** The extension of the modules running now: `ts` (sources) or `js` (compiled). */
export const CODE_EXTENSION: 'ts' | 'js' = import.meta.url.endsWith('.ts') ? 'ts' : 'js';

/** The package's root: the nearest folder at or above {@link CODE_ROOT} that holds a package.json. */
export const PACKAGE_ROOT: string = packageRootOf(CODE_ROOT);

function packageRootOf(start: string): string {
  for (let dir = start; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) return start;
  }
}

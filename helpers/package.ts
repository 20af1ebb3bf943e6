/** Where the package is, and the tree of modules running now: sources, or JavaScript in `dist/`. */
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

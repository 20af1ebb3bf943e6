import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where vitest keeps the suite's modules once transformed, between runs (`experimental.fsModuleCache`):
 * `node_modules/.cache/commerce-conformance/vitest-modules` in the package's root (beside the command line's
 * bundle, bin/cli-bundle.mjs), or undefined when that directory cannot be made or written. Transforming costs a
 * large part of a run's CPU; with the cache only the first run after an install or a change pays for it
 * (vitest keys each entry by the file's content and path, its version and the configuration).
 */
export function moduleCacheDir(projectRoot: string): string | undefined {
  const dir = join(projectRoot, 'node_modules', '.cache', 'commerce-conformance', 'vitest-modules');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}

import { accessSync, constants, mkdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * Where vitest keeps the suite's modules once transformed (TypeScript to JavaScript, vitest's own rewrite),
 * between runs: `node_modules/.cache/commerce-conformance/vitest-modules` inside the package's root (next to
 * the command line's bundle, see bin/cli-bundle.mjs), or undefined when that directory cannot be made or
 * written (the run then transforms the modules itself, as the first run does).
 *
 * A run spends a large part of its CPU transforming the suites and helpers for its worker threads; with the
 * cache, only the first run after an install or a change of a file pays for it. vitest keys each entry by the
 * file's content, its path, vitest's version and the configuration, so an entry is never used for a file
 * that changed (vitest's `experimental.fsModuleCache`).
 *
 * @param projectRoot - the package's root (where `suites/` is).
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

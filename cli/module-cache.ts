import { accessSync, constants, mkdirSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';

/**
 * Where vitest keeps the suite's modules once transformed (TypeScript to JavaScript, vitest's own rewrite),
 * between runs: `node_modules/.cache/commerce-conformance/vitest-modules` of the installation (the project's
 * own `node_modules` in a checkout, the `node_modules` that holds the package once installed), or undefined
 * when that directory cannot be made or written (the run then transforms the modules itself, as the first
 * run does).
 *
 * A run spends a large part of its CPU transforming the suites and helpers for its worker threads; with the
 * cache, only the first run after an install or a change of a file pays for it. vitest keys each entry by the
 * file's content, its path, vitest's version and the configuration, so an entry is never used for a file
 * that changed (vitest's `experimental.fsModuleCache`).
 *
 * @param projectRoot - the package's root (where `suites/` is).
 */
export function moduleCacheDir(projectRoot: string): string | undefined {
  const parent = dirname(projectRoot);
  const nodeModules = basename(parent) === 'node_modules' ? parent : join(projectRoot, 'node_modules');
  const dir = join(nodeModules, '.cache', 'commerce-conformance', 'vitest-modules');
  try {
    mkdirSync(dir, { recursive: true });
    accessSync(dir, constants.W_OK);
    return dir;
  } catch {
    return undefined;
  }
}

#!/usr/bin/env node
// The `commerce-conformance` command: runs cli/main.ts (TypeScript). See `--help`.
//
// The command line's sources are loaded as one JavaScript module compiled ahead and kept in the package's
// cache (see cli-bundle.mjs): no TypeScript loader in this process. When that bundle cannot be made (no
// writable cache, esbuild missing), the sources are loaded through tsx instead, the same program, slower.
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { cacheDirOf, cliBundle, PACKAGE_ROOT } from './cli-bundle.mjs';

const ENTRY = join(PACKAGE_ROOT, 'cli', 'main.ts');

/** The command line's module: the cached bundle, or the sources through tsx. */
async function loadCli() {
  try {
    const { file } = await cliBundle({ entry: ENTRY, dir: cacheDirOf(PACKAGE_ROOT, 'cli') });
    return await import(pathToFileURL(file).href);
  } catch {
    // tsx's module hooks run in a thread of their own, and every module imported while they are registered
    // crosses to that thread and back. vitest and its bundles need no TypeScript: they are imported first,
    // natively. The hooks are then on only while the command line's own modules load.
    await import('vitest/node');
    const { register } = await import('tsx/esm/api');
    const unregister = register();
    const cli = await import(pathToFileURL(ENTRY).href);
    await unregister();
    return cli;
  }
}

const { runProcess } = await loadCli();
await runProcess();

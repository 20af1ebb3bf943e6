#!/usr/bin/env node
// The `commerce-conformance` command: the compiled command line, dist/cli/main.js. See `--help`.
import { existsSync } from 'node:fs';
import buildIfStale from './build.mjs';

buildIfStale();
const main = new URL('../dist/cli/main.js', import.meta.url);
if (!existsSync(main)) {
  process.stderr.write(
    'commerce-conformance: the command line is not built (dist/cli/main.js is missing): run `npm run build` in the package.\n',
  );
  process.exit(2);
}
const { runProcess } = await import(main.href);
await runProcess();

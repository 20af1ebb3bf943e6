/**
 * Builds `dist/` (`npm run build`) when a source is newer than the last build, so that what starts the
 * command line (`bin/commerce-conformance.mjs` loads `dist/cli/main.js`) runs the code as it is now: the unit
 * project's global setup (vitest.config.ts), `npm run bench`, `npm run faults`. Up to date, it costs a look at
 * the sources' times (a few milliseconds), not a compiler run.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What `tsconfig.build.json` compiles, and the configuration itself. */
const SOURCES = ['cli', 'helpers', 'probes', 'rules', 'suites', 'reference', 'schemas', 'index.ts'];
const CONFIGS = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];
const BUILD_INFO = join(ROOT, 'dist', '.tsbuildinfo');

export default function buildDist(): void {
  if (existsSync(BUILD_INFO) && newestSource() <= statSync(BUILD_INFO).mtimeMs) return;
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  // tsc leaves its build info alone when nothing it emits changed: the build is now as new as the sources.
  const now = new Date();
  utimesSync(BUILD_INFO, now, now);
}

/** The time of the newest source file (tests aside) or configuration, in ms. */
function newestSource(): number {
  let newest = 0;
  const visit = (path: string) => {
    const stat = statSync(path);
    if (stat.isDirectory()) {
      for (const name of readdirSync(path)) visit(join(path, name));
    } else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) {
      newest = Math.max(newest, stat.mtimeMs);
    }
  };
  for (const source of SOURCES) if (existsSync(join(ROOT, source))) visit(join(ROOT, source));
  for (const config of CONFIGS) newest = Math.max(newest, statSync(join(ROOT, config)).mtimeMs);
  return newest;
}

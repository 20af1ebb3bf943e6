// Builds dist/ (`npm run build`) when a source is newer than the last build, so that the command line runs
// the code as it is now. Run by the command itself, by `npm ci` (prepare), by the unit tests and the benches.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
/** What `tsconfig.build.json` compiles, and its configuration. */
const SOURCES = ['cli', 'helpers', 'probes', 'rules', 'suites', 'reference', 'schemas', 'index.ts'];
const CONFIGS = ['tsconfig.json', 'tsconfig.build.json', 'package.json'];
const BUILD_INFO = join(ROOT, 'dist', '.tsbuildinfo');

/** Builds dist/ when a source is newer than the last build and the compiler is there (not in the package). */
export default function buildIfStale() {
  if (!existsSync(join(ROOT, 'tsconfig.build.json'))) return;
  if (existsSync(BUILD_INFO) && newestSource() <= statSync(BUILD_INFO).mtimeMs) return;
  let tsc;
  try {
    tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  } catch {
    return; // installed without the development dependencies: dist/ is what it is
  }
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  // tsc leaves its build info alone when nothing it emits changed: the build is now as new as the sources.
  const now = new Date();
  utimesSync(BUILD_INFO, now, now);
}

/** The time of the newest source file (tests aside) or configuration, in ms. */
function newestSource() {
  let newest = 0;
  const visit = (path) => {
    const stat = statSync(path);
    if (stat.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
    else if (path.endsWith('.ts') && !path.endsWith('.test.ts')) newest = Math.max(newest, stat.mtimeMs);
  };
  for (const source of SOURCES) if (existsSync(join(ROOT, source))) visit(join(ROOT, source));
  for (const config of CONFIGS) newest = Math.max(newest, statSync(join(ROOT, config)).mtimeMs);
  return newest;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildIfStale();

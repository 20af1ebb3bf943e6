/**
 * Builds `dist/` (`npm run build`, incremental: a few seconds when nothing changed), so that what starts the
 * command line (`bin/commerce-conformance.mjs` loads `dist/cli/main.js`) runs the code as it is now: the unit
 * project's global setup (vitest.config.ts), `npm run bench` and `npm run faults`.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default function buildDist(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
}

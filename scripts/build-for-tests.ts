/**
 * The unit project's global setup (vitest.config.ts): builds `dist/` (`npm run build`, incremental) before any
 * test runs, so that the tests that start the command line (`bin/commerce-conformance.mjs` loads
 * `dist/cli/main.js`) run the code as it is now.
 */
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

export default function buildForTests(): void {
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  const root = fileURLToPath(new URL('..', import.meta.url));
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
}

import { defineConfig } from 'vitest/config';
import { loadConcurrency } from './helpers/config/config.ts';

/**
 * Two projects:
 * - `unit`: the project's own tests (helpers, schemas, reference server, command line, and the fault matrix
 *   in scripts/, which runs the whole suite through the command line against every fault).
 * - `conformance`: the conformance suites, run against `CONFORMANCE_BASE_URL`, or against the embedded
 *   reference server when no base URL is configured (see helpers/target/global-setup.ts).
 */
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: [
            'helpers/**/*.test.ts',
            'reference/**/*.test.ts',
            'schemas/**/*.test.ts',
            'cli/**/*.test.ts',
            'scripts/**/*.test.ts',
            'suites/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'conformance',
          include: ['suites/**/*.conformance.ts'],
          globalSetup: ['helpers/target/global-setup.ts'],
          environment: 'node',
          // A check chains a few requests, each bounded by CONFORMANCE_TIMEOUT_MS.
          testTimeout: 120_000,
          hookTimeout: 120_000,
          // Checks inside a suite run concurrently (describe.concurrent); CONFORMANCE_CONCURRENCY bounds them.
          // How many suite files run at once (maxWorkers) is not set here: the command line passes
          // CONFORMANCE_WORKERS as the root option, which this project inherits.
          maxConcurrency: loadConcurrency(),
          // The suites share one module graph per worker thread: half the CPU of a process per file, which
          // matters when the fault matrix runs the whole suite dozens of times. Suite files keep their
          // state in their own modules, so nothing leaks from one file to another.
          pool: 'threads',
          isolate: false,
        },
      },
    ],
  },
});

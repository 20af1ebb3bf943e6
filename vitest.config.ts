import { defineConfig } from 'vitest/config';
import { loadConcurrency } from './helpers/config/config.ts';
import { conformanceProject } from './helpers/run/conformance-project.ts';

/**
 * Two projects:
 * - `unit`: the project's own tests (helpers, schemas, reference server, command line, test support, and the
 *   fault matrix in scripts/, which runs the whole suite through the command line against every fault).
 * - `conformance`: the conformance suites, run against `CONFORMANCE_BASE_URL`, or against the embedded
 *   reference server when no base URL is configured (see cli/target/global-setup.ts).
 */
export default defineConfig({
  test: {
    // Two test files at a time even on 2 cores (vitest would take one): the fault matrix and the end-to-end
    // tests spend most of their time waiting on child processes and loopback servers.
    maxWorkers: 2,
    projects: [
      {
        test: {
          name: 'unit',
          // The tests that start the command line run the compiled one: built first.
          globalSetup: ['bin/build.mjs'],
          // Two files at a time load a 2-core machine: a test waits on a browser or a child process longer.
          testTimeout: 30_000,
          include: [
            'helpers/**/*.test.ts',
            'reference/**/*.test.ts',
            'schemas/**/*.test.ts',
            'cli/**/*.test.ts',
            'scripts/**/*.test.ts',
            'bin/**/*.test.ts',
            'probes/**/*.test.ts',
            'rules/**/*.test.ts',
            'docs/**/*.test.ts',
            'test-support/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      { test: conformanceProject({ maxConcurrency: loadConcurrency() }) },
    ],
  },
});

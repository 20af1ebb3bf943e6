import { defineConfig } from 'vitest/config';
import { loadConcurrency } from './helpers/config/config.ts';
import { conformanceProject } from './helpers/run/conformance-project.ts';

/**
 * Two projects: `unit`, the project's own tests, and `conformance`, the suites, run against
 * `CONFORMANCE_BASE_URL` or the embedded reference server (cli/target/global-setup.ts).
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
          // Two files at a time load a 2-core machine: a test waits longer on a browser or a child process.
          testTimeout: 30_000,
          include: [
            '{helpers,reference,schemas,cli,scripts,bin,probes,rules,docs,test-support}/**/*.test.ts',
          ],
          environment: 'node',
        },
      },
      { test: conformanceProject({ maxConcurrency: loadConcurrency() }) },
    ],
  },
});

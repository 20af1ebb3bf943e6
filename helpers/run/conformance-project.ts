import { CODE_EXTENSION } from '../package.ts';

/**
 * The vitest `test` options of the `conformance` project (`maxConcurrency`: CONFORMANCE_CONCURRENCY), in one
 * place: vitest.config.ts declares the project with them, and the command line hands them to vitest directly
 * (no configuration file to load and bundle on every run, see cli/run.ts).
 */
export function conformanceProject({ maxConcurrency }: { readonly maxConcurrency: number }) {
  return {
    name: 'conformance' as const,
    include: [`suites/**/*.conformance.${CODE_EXTENSION}`],
    globalSetup: [`cli/target/global-setup.${CODE_EXTENSION}`],
    environment: 'node' as const,
    // A check chains a few requests, each bounded by CONFORMANCE_TIMEOUT_MS.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Checks inside a suite run concurrently (describe.concurrent); CONFORMANCE_CONCURRENCY bounds them.
    // How many suite files run at once (maxWorkers) is not set here: the command line passes
    // CONFORMANCE_WORKERS as the root option, which this project inherits.
    maxConcurrency,
    // The suites share one module graph per worker thread: a worker that runs several suite files loads
    // the modules once. Suite files keep their state in their own modules, so nothing leaks from one file
    // to another.
    pool: 'threads' as const,
    isolate: false,
  };
}

import { CODE_EXTENSION } from '../package.ts';

/** The vitest `test` options of the `conformance` project, for vitest.config.ts and the command line. */
export const conformanceProject = ({ maxConcurrency }: { readonly maxConcurrency: number }) => ({
  name: 'conformance' as const,
  include: [`suites/**/*.conformance.${CODE_EXTENSION}`],
  globalSetup: [`cli/target/global-setup.${CODE_EXTENSION}`],
  environment: 'node' as const,
  // A check chains a few requests, each bounded by CONFORMANCE_TIMEOUT_MS.
  testTimeout: 120_000,
  hookTimeout: 120_000,
  // maxWorkers is inherited from the root option the command line passes.
  maxConcurrency,
  // One module graph per worker thread: suite files keep their state in their own modules.
  pool: 'threads' as const,
  isolate: false,
});

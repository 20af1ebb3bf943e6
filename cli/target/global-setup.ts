import type { TestProject } from 'vitest/node';

/**
 * vitest global setup of the `conformance` project (runs once, in the main process). Does nothing when the
 * run information was provided already: the command line prepares (and releases) the target itself, and
 * the modules that prepare a target (the reference server, the HTTP client) are then not loaded a second
 * time here. Otherwise prepares the target (see `prepareStandaloneTarget`), and at the end deletes what the
 * ledger still lists of the run and releases the target.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.getProvidedContext().run) return async () => {};
  const { prepareStandaloneTarget } = await import('./prepare.ts');
  const { info, teardown } = await prepareStandaloneTarget();
  project.provide('run', info);
  return teardown;
}

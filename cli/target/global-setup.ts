import type { TestProject } from 'vitest/node';

/**
 * vitest global setup of the `conformance` project: prepares and releases the target, unless the command line
 * provided it (then the modules that prepare one are not loaded a second time).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  if (project.getProvidedContext().run) return async () => {};
  const { prepareStandaloneTarget } = await import('./prepare.ts');
  const { info, teardown } = await prepareStandaloneTarget();
  project.provide('run', info);
  return teardown;
}

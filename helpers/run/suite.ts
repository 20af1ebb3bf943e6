import { afterAll } from 'vitest';
import { Cleanup } from '../fixtures/cleanup.ts';
import type { ApiClient } from '../http/client.ts';
import { currentRun } from './run.ts';
import type { RunInfo } from './run-info.ts';

/**
 * What a suite file starts with: the run's settings, a client for the target, and a cleanup registry whose
 * records are deleted in `afterAll`, whatever the checks did (also when they failed).
 */
export function suiteRun(): { info: RunInfo; api: ApiClient; cleanup: Cleanup } {
  const { info, api } = currentRun();
  const cleanup = new Cleanup();
  afterAll(async () => {
    await cleanup.run(api);
  });
  return { info, api, cleanup };
}

import { afterAll, beforeAll } from 'vitest';
import { Cleanup } from '../fixtures/cleanup.ts';
import type { ApiClient } from '../http/client.ts';
import { currentRun } from './run.ts';
import type { RunInfo } from './run-info.ts';
import { sentJournal } from './sent.ts';

/**
 * What a suite file starts with: the run's settings, a client for the target, and a cleanup registry whose
 * records are deleted in `afterAll`, whatever the checks did (also when they failed). The thread's journal of
 * sent requests (`sent.ts`) starts again with the file.
 */
export function suiteRun(): { info: RunInfo; api: ApiClient; cleanup: Cleanup } {
  const { info, api } = currentRun();
  const cleanup = new Cleanup();
  // What the file sends is noted from its start (the replay of `suites/authentication/recorded.ts`).
  beforeAll(() => sentJournal.begin());
  afterAll(async () => {
    await cleanup.run(api);
  });
  return { info, api, cleanup };
}

import { afterAll, beforeAll, describe, test } from 'vitest';
import { tallyOutcome } from '../check/outcome.ts';
import { sending } from '../http/journal.ts';
import type { Dimension } from '../inputs/coverage.ts';
import type { ExchangeRule } from '../judge/judging.ts';
import { Cleanup } from '../provisioning/cleanup.ts';
import { type CurrentRun, currentRun } from './run.ts';

/** `finish` declares the file's last test: it deletes the file's records and leaves the rules' tallies. */
export type SuiteRun = CurrentRun & Readonly<{ cleanup: Cleanup; finish: () => void }>;

/** What a suite file starts with: the thread's run, started again with the file, and a cleanup registry. */
export function suiteRun(rules: readonly ExchangeRule[], dimensions: readonly Dimension[] = []): SuiteRun {
  const run = currentRun(rules, dimensions);
  const cleanup = new Cleanup();
  const removeRecords = () =>
    sending({ source: { kind: 'cleanup', name: 'cleanup of the suite file' } }, () => cleanup.run(run.api));
  beforeAll(() => {
    for (const part of [run.journal, run.known, run.judging, run.coverage]) part.begin();
    run.explorations.length = 0;
    run.shares.clear();
  });
  afterAll(removeRecords);
  const finish = () =>
    describe('end of the file', () => {
      test('every exchange of the file judged by the exchange rules', async (ctx) => {
        await removeRecords();
        const { meta, file } = ctx.task;
        meta.outcomes = run.judging.tallies().map((tally) => tallyOutcome(tally, file.name));
        meta.explorations = [...run.explorations];
        meta.coverage = run.coverage.visits();
      });
    });
  return { ...run, cleanup, finish };
}

/** Report directories with a history, for the tests of the history pictures and the flaky marks. */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type WrittenReports, writeReports } from '../../cli/report/write.ts';
import { startReferenceServer } from '../../reference/server.ts';
import { collected, report } from './make.ts';
import { runCli } from './spawn.ts';

/**
 * Writes three nights into a fresh report directory: INT-GET passes, fails, passes (flaky); INT-SCHEMA
 * passes, fails, fails (one flip); INT-DELETE always passes. Returns the directory and the last night.
 */
export function flakyNights(): { dir: string; last: WrittenReports } {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-history-'));
  const plan: ['passed' | 'failed', 'passed' | 'failed'][] = [
    ['passed', 'passed'],
    ['failed', 'failed'],
    ['passed', 'failed'],
  ];
  let last: WrittenReports | undefined;
  plan.forEach(([get, schema], i) => {
    last = writeReports(
      dir,
      report(
        [
          collected('INT-GET', get, get === 'failed' ? { message: 'INT-GET MUST §2.2: expected 200' } : {}),
          collected(
            'INT-SCHEMA',
            schema,
            schema === 'failed' ? { message: 'INT-SCHEMA MUST §2.2: bad' } : {},
          ),
          collected('INT-DELETE', 'passed'),
        ],
        { startedAt: `2026-11-${19 + i}T02:00:00.000Z` },
      ),
      [],
      30,
    );
  });
  if (!last) throw new Error('no night written');
  return { dir, last };
}

/**
 * Runs the command line into `dir` once per night, in order: against a reference server with that night's
 * faults, or the embedded one when a night has none. Returns each night's exit code.
 */
export async function faultNights(
  dir: string,
  nights: readonly (readonly string[])[],
  args: readonly string[] = [],
): Promise<(number | null)[]> {
  const codes: (number | null)[] = [];
  for (const faults of nights) {
    const server =
      faults.length > 0 ? await startReferenceServer({ port: 0, faults: [...faults] }) : undefined;
    const target = server ? ['--base-url', server.url, '--token', server.token] : [];
    codes.push((await runCli([...args, ...target, '--report-dir', dir])).code);
    await server?.close();
  }
  return codes;
}

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../reference/faults/catalogue.ts';
import {
  ALL_VARIANTS,
  faultProfile,
  formatMatrix,
  type MatrixRow,
  pool,
  profileArgs,
  type RunSummary,
  runSuiteAgainstReference,
} from './fault-matrix.ts';

/**
 * The whole suite, through the command line, against the reference server: clean, with every conformant
 * variant, and with each fault. One pool, so that the 2-core machine stays busy.
 */
const root = mkdtempSync(join(tmpdir(), 'fault-matrix-test-'));
const runs = pool(3, [
  () => runSuiteAgainstReference({}, join(root, 'clean')),
  () => runSuiteAgainstReference({ variants: ALL_VARIANTS }, join(root, 'variants')),
  () =>
    runSuiteAgainstReference({ variants: ALL_VARIANTS }, join(root, 'variants-deep'), profileArgs('deep')),
  ...FAULTS.map(
    (fault) => () =>
      runSuiteAgainstReference(
        { faults: [fault.name] },
        join(root, fault.name),
        profileArgs(faultProfile(fault)),
      ),
  ),
]);

const describeRun = (run: RunSummary) =>
  JSON.stringify({
    exit: run.exitCode,
    failed: run.failed,
    unevaluated: run.unevaluated,
    skipped: run.skipped,
    stderr: run.stderr,
  });

describe('the conformance suite against the reference server', { timeout: 900_000 }, () => {
  it('passes every MUST and SHOULD rule of the clean server, with none untested, skipped or not evaluated', async () => {
    const [clean] = await runs;
    const run = clean as RunSummary;
    expect(run.exitCode, describeRun(run)).toBe(0);
    expect(run.failed).toEqual([]);
    expect(run.unevaluated).toEqual([]);
    expect(run.skipped).toEqual({});
  });

  it('gives zero failures to a server with every conformant variant (other choices where the spec leaves room)', async () => {
    const run = (await runs)[1] as RunSummary;
    expect(run.exitCode, describeRun(run)).toBe(0);
    expect(run.failed).toEqual([]);
    expect(run.unevaluated).toEqual([]);
    // The no-payment-intents variant: a target without that gateway gets TXN-CONFIRM skipped, with the reason.
    expect(run.skipped).toEqual({ 'TXN-CONFIRM': expect.stringMatching(/card_payment_intents/) });
  });

  it('gives zero failures to a server with every conformant variant in the deep profile too', async () => {
    const run = (await runs)[2] as RunSummary;
    expect(run.exitCode, describeRun(run)).toBe(0);
    expect(run.failed).toEqual([]);
    expect(run.unevaluated).toEqual([]);
    expect(run.skipped).toEqual({ 'TXN-CONFIRM': expect.stringMatching(/card_payment_intents/) });
  });

  it('fails each fault on the rule it breaks, deep faults in the deep profile (the matrix is printed with collateral failures)', async () => {
    const faultRuns = (await runs).slice(3);
    const rows: MatrixRow[] = FAULTS.map((fault, i) => {
      const run = faultRuns[i] as RunSummary;
      return {
        fault,
        run,
        caught: run.failed.includes(fault.rule),
        collateral: run.failed.filter((id) => id !== fault.rule),
      };
    });
    console.log(`\nFault matrix (reports in ${root}/<fault>/):\n${formatMatrix(rows)}\n`);
    const missed = rows
      .filter((r) => !r.caught)
      .map((r) => `${r.fault.name} → ${r.fault.rule}: ${describeRun(r.run)}`);
    expect(missed).toEqual([]);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../reference/faults/catalogue.ts';
import {
  ALL_VARIANTS,
  faultProfile,
  formatMatrix,
  isExact,
  matrixRow,
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
/** The no-payment-intents variant offers no card_payment_intents gateway: TXN-CONFIRM cannot be evaluated. */
const variantsBaseline = join(root, 'variants-baseline.json');
writeFileSync(
  variantsBaseline,
  JSON.stringify({ entries: [{ rule: 'TXN-CONFIRM', unsupported: 'no card_payment_intents gateway' }] }),
);
const runs = pool(3, [
  () => runSuiteAgainstReference({}, join(root, 'clean')),
  () =>
    runSuiteAgainstReference({ variants: ALL_VARIANTS }, join(root, 'variants'), [
      '--baseline',
      variantsBaseline,
    ]),
  () =>
    runSuiteAgainstReference({ variants: ALL_VARIANTS }, join(root, 'variants-deep'), [
      '--baseline',
      variantsBaseline,
      ...profileArgs('deep'),
    ]),
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

  it('visits the whole covering set of the gate of the transitions of the records’ states', async () => {
    const [clean] = await runs;
    const report = JSON.parse(
      readFileSync(join((clean as RunSummary).reportDir, 'conformance.json'), 'utf8'),
    );
    const transitions = report.coverage.find((c: { name: string }) => c.name === 'transitions');
    expect(transitions.gatePoints).toBeGreaterThan(20);
    expect(transitions.gateVisited, JSON.stringify(transitions.unvisited)).toBe(transitions.gatePoints);
  });

  it('gives zero failures to a server with every conformant variant (other choices where the spec leaves room)', async () => {
    const run = (await runs)[1] as RunSummary;
    expect(run.exitCode, describeRun(run)).toBe(0);
    expect(run.failed).toEqual([]);
    expect(run.unevaluated).toEqual([]);
    // The no-payment-intents variant: a target without that gateway gets TXN-CONFIRM skipped, with the reason;
    // without the baseline entry that marks it unsupported, the run would be incomplete (exit code 2).
    expect(run.skipped).toEqual({ 'TXN-CONFIRM': expect.stringMatching(/card_payment_intents/) });
  });

  it('gives zero failures to a server with every conformant variant in the deep profile too', async () => {
    const run = (await runs)[2] as RunSummary;
    expect(run.exitCode, describeRun(run)).toBe(0);
    expect(run.failed).toEqual([]);
    expect(run.unevaluated).toEqual([]);
    expect(run.skipped).toEqual({ 'TXN-CONFIRM': expect.stringMatching(/card_payment_intents/) });
  });

  it('fails each fault on exactly its rule and its declared collateral, deep faults in the deep profile (the matrix is printed)', async () => {
    const faultRuns = (await runs).slice(3);
    const rows = FAULTS.map((fault, i) => matrixRow(fault, faultRuns[i] as RunSummary));
    console.log(`\nFault matrix (reports in ${root}/<fault>/):\n${formatMatrix(rows)}\n`);
    const inexact = rows
      .filter((r) => !isExact(r))
      .map(
        (r) =>
          `${r.fault.name} → ${r.fault.rule}: undeclared ${JSON.stringify(r.undeclared)}, ` +
          `declared but passed ${JSON.stringify(r.unfailed)}, run ${describeRun(r.run)}`,
      );
    expect(inexact).toEqual([]);
  });
});

import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { DimensionCoverage } from '../helpers/inputs/coverage.ts';
import { SPACE } from '../probes/space/index.ts';
import {
  describeDifference,
  faultProfile,
  formatMatrix,
  isExact,
  type MatrixRow,
  Runners,
  type RunSummary,
  runFaultMatrix,
  runSettings,
  sameVerdicts,
  variantsRun,
} from './fault-matrix.ts';

/**
 * The whole suite, through the command line's engine, against the reference server: clean, with every
 * conformant variant, and with each fault; each deep fault twice at the same time (its pair: seeds 1 and 2),
 * two pairs at once: four runs at a time keep the 2-core machine busy, and under load. (`npm run faults --
 * --twice` runs every fault's pair; in `npm test` the gate faults run once, to keep it within its time.)
 */
const root = mkdtempSync(join(tmpdir(), 'fault-matrix-test-'));
const runners = new Runners(4);
afterAll(() => runners.close());
const single = async (spec: Parameters<Runners['run']>[0][number]) =>
  (await runners.run([spec]))[0] as RunSummary;
const clean = single({ server: {}, reportDir: join(root, 'clean'), settings: runSettings('gate') });
const [variantsGate, variantsDeep] = [single(variantsRun(root, 'gate')), single(variantsRun(root, 'deep'))];
const matrix = runFaultMatrix({ twice: 'deep', runners, reportRoot: root });

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
    const run = await clean;
    expect(run.exitCode, describeRun(run)).toBe(0);
    expect(run.failed).toEqual([]);
    expect(run.unevaluated).toEqual([]);
    expect(run.skipped).toEqual({});
  });

  it('visits the whole gate covering set of every dimension of the space on the clean server', async () => {
    const run = await clean;
    const report = JSON.parse(readFileSync(join(run.reportDir, 'conformance.json'), 'utf8'));
    const coverage = report.coverage as DimensionCoverage[];
    expect(coverage.map((d) => d.name)).toEqual(SPACE.map((d) => d.name));
    for (const d of coverage) {
      expect(d.gatePoints, d.name).toBe(
        SPACE.find((s) => s.name === d.name)?.points.filter((p) => p.gate).length,
      );
      expect(d.gateVisited, `${d.name} not visited: ${d.unvisited.join('; ')}`).toBe(d.gatePoints);
    }
  });

  it('gives zero failures to a server with every conformant variant (other choices where the spec leaves room), in both profiles', async () => {
    for (const run of [await variantsGate, await variantsDeep]) {
      expect(run.exitCode, describeRun(run)).toBe(0);
      expect(run.failed).toEqual([]);
      expect(run.unevaluated).toEqual([]);
      // The no-payment-intents variant: a target without that gateway gets TXN-CONFIRM skipped, with the
      // reason; without the baseline entry that marks it unsupported, the run would be incomplete (exit 2).
      expect(run.skipped).toEqual({ 'TXN-CONFIRM': expect.stringMatching(/card_payment_intents/) });
    }
  });

  it('fails each fault on exactly its rule and its declared collateral in each of its runs, deep faults in the deep profile (the matrix is printed)', async () => {
    const results = await matrix;
    console.log(
      `\nFault matrix, first runs (reports in ${root}/<fault>[-<1|2>]/):\n${formatMatrix(results.map((r) => r.rows[0] as MatrixRow))}\n`,
    );
    const inexact = results.flatMap(({ rows }) =>
      rows
        .filter((r) => !isExact(r))
        .map(
          (r) =>
            `${r.fault.name} → ${r.fault.rule}: undeclared ${JSON.stringify(r.undeclared)}, ` +
            `declared but passed ${JSON.stringify(r.unfailed)}, run ${describeRun(r.run)}`,
        ),
    );
    expect(inexact).toEqual([]);
  });

  it('gives each deep fault the same failed rules in both runs of its pair (two suites at a time, under load, on either seed)', async () => {
    const results = await matrix;
    const paired = results.filter(({ rows }) => rows.length === 2).map(({ fault }) => fault.name);
    expect(paired).toEqual(
      results.filter(({ fault }) => faultProfile(fault) === 'deep').map(({ fault }) => fault.name),
    );
    expect(results.filter((runs) => !sameVerdicts(runs)).map(describeDifference)).toEqual([]);
  });
});

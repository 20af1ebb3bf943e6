import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import type { ExplorationTally } from '../helpers/inputs/record.ts';
import { type CollectedCheck, classify, tallyCheck } from './collected.ts';

/**
 * The vitest reporter of the command line (the only one: vitest's own output is not shown). Turns every
 * finished test into a {@link CollectedCheck}, hands it to `onCheck` for progress, and keeps the engine's
 * own problems (a suite file that did not load, a failing hook, an error outside any test).
 */
export class Collector implements Reporter {
  readonly checks: CollectedCheck[] = [];
  readonly errors: string[] = [];
  /** What the deep explorations of the probes spent (the checks carry their own). */
  readonly explorations: ExplorationTally[] = [];
  /** The probes that were skipped, with the reason. */
  readonly skippedProbes: { file: string; name: string; reason: string }[] = [];

  constructor(private readonly onCheck: (check: CollectedCheck) => void = () => {}) {}

  onTestCaseResult(testCase: TestCase): void {
    const result = testCase.result();
    const judged = testCase.meta().judged;
    if (judged) {
      for (const tally of judged.tallies) this.#add(tallyCheck(tally, testCase.module.relativeModuleId));
      this.explorations.push(...judged.explorations);
    }
    if (result.state === 'skipped' && testCase.name.startsWith('probe: ')) {
      this.skippedProbes.push({
        file: testCase.module.relativeModuleId,
        name: testCase.name.slice('probe: '.length),
        reason: result.note ?? 'skipped',
      });
      return;
    }
    if (result.state === 'failed' && !testCase.meta().conformance) {
      // A probe or a file's last test that failed: a problem of the engine, not a verdict.
      const error = result.errors?.[0];
      this.errors.push(
        `${testCase.module.relativeModuleId} › ${testCase.name}: ${error?.message.split('\n')[0] ?? 'failed'}`,
      );
      return;
    }
    const check = classify({
      name: testCase.name,
      file: testCase.module.relativeModuleId,
      state: result.state,
      ...(result.state === 'skipped' && result.note ? { note: result.note } : {}),
      ...(result.errors ? { errors: result.errors } : {}),
      ...(testCase.meta().conformance ? { record: testCase.meta().conformance } : {}),
      ...(testCase.diagnostic() ? { durationMs: testCase.diagnostic()?.duration } : {}),
    });
    this.#add(check);
  }

  #add(check: CollectedCheck | undefined): void {
    if (!check) return;
    this.checks.push(check);
    this.onCheck(check);
  }

  onTestRunEnd(
    testModules: ReadonlyArray<TestModule>,
    unhandledErrors: ReadonlyArray<SerializedError>,
  ): void {
    for (const module of testModules) {
      const where = module.relativeModuleId;
      for (const error of module.errors()) this.errors.push(`${where}: ${describeError(error)}`);
      for (const suite of module.children.allSuites()) {
        for (const error of suite.errors())
          this.errors.push(`${where} › ${suite.name}: ${describeError(error)}`);
      }
    }
    for (const error of unhandledErrors) this.errors.push(`unhandled error: ${describeError(error)}`);
  }
}

function describeError(error: SerializedError): string {
  const message = error.message.split('\n')[0] ?? '';
  return error.name && error.name !== 'Error' ? `${error.name}: ${message}` : message;
}

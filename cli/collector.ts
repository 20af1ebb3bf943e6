import type { Reporter, SerializedError, TestCase, TestModule } from 'vitest/node';
import type { Outcome } from '../helpers/check/outcome.ts';
import type { Visits } from '../helpers/inputs/coverage.ts';
import type { ExplorationTally } from '../helpers/inputs/record.ts';

/**
 * The command line's only vitest reporter: takes the outcomes every finished test left in its meta, hands each
 * to `onCheck`, and keeps the engine's own problems (a file that did not load, a failing hook or probe).
 */
export class Collector implements Reporter {
  readonly checks: Outcome[] = [];
  readonly errors: string[] = [];
  /** What the deep explorations of the probes spent (the checks carry their own). */
  readonly explorations: ExplorationTally[] = [];
  readonly coverage: Visits[] = [];
  readonly skippedProbes: { file: string; name: string; reason: string }[] = [];

  constructor(
    private readonly onCheck: (check: Outcome) => void = () => {},
    /** A probe that got no answer at all (the circuit breaker counts it as a check). */
    private readonly onUnanswered: (reason: string) => void = () => {},
  ) {}

  onTestCaseResult(testCase: TestCase): void {
    const file = testCase.module.relativeModuleId;
    const meta = testCase.meta();
    this.explorations.push(...(meta.explorations ?? []));
    if (meta.coverage) this.coverage.push(meta.coverage);
    if (meta.skippedProbe) {
      const { transport, ...skipped } = meta.skippedProbe;
      this.skippedProbes.push({ file, ...skipped });
      if (transport) this.onUnanswered(skipped.reason);
    }
    for (const outcome of meta.outcomes ?? []) {
      const check = { ...outcome, file };
      this.checks.push(check);
      this.onCheck(check);
    }
    const result = testCase.result();
    if (result.state === 'failed' && !meta.outcomes) {
      // A probe or a file's last test that failed: a problem of the engine, not a verdict.
      const error = result.errors?.[0];
      this.errors.push(`${file} › ${testCase.name}: ${error?.message.split('\n')[0] ?? 'failed'}`);
    }
  }

  onTestRunEnd(testModules: readonly TestModule[], unhandledErrors: readonly SerializedError[]): void {
    for (const module of testModules) {
      const where = module.relativeModuleId;
      for (const error of module.errors()) this.errors.push(`${where}: ${describeError(error)}`);
      for (const suite of module.children.allSuites())
        for (const error of suite.errors())
          this.errors.push(`${where} › ${suite.name}: ${describeError(error)}`);
    }
    for (const error of unhandledErrors) this.errors.push(`unhandled error: ${describeError(error)}`);
  }
}

function describeError(error: SerializedError): string {
  const message = error.message.split('\n')[0] ?? '';
  return error.name && error.name !== 'Error' ? `${error.name}: ${message}` : message;
}

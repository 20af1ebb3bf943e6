import type { CheckContext } from '../check/context.ts';
import { ConformanceFailure, PrerequisiteError } from '../check/failure.ts';
import { withInput } from './failure.ts';
import { InputSkipped, noteInput, noteSkippedInput } from './record.ts';

/** A list of inputs judged one by one (the gate profile's boundary values). */
export interface EachInput<T> {
  readonly inputs: readonly T[];
  /** The input as a report shows it; inputs with the same text count once. */
  readonly show: (input: T) => string;
  /** Judges one input with `t`'s assertions; `skipInput(reason)` leaves it unjudged (a legitimate refusal). */
  readonly judge: (input: T) => Promise<void>;
}

/**
 * Judges every input of a deterministic list (boundary values), all at the same time (one round trip), and
 * counts each judged one in the check's depth tally. The first failure in list order is the check's failure,
 * its message naming the input. An input the judge skips (`skipInput`, or a missing prerequisite) is counted
 * as skipped with its reason; when every input was skipped, the check is skipped with the first reason.
 */
export async function judgeEach<T>(t: CheckContext, each: EachInput<T>): Promise<void> {
  const outcomes = await Promise.allSettled(each.inputs.map((input) => each.judge(input)));
  let firstSkip: string | undefined;
  for (const [index, outcome] of outcomes.entries()) {
    const input = each.inputs[index] as T;
    if (outcome.status === 'fulfilled') {
      noteInput(t.depth, each.show(input));
      continue;
    }
    const error = outcome.reason;
    if (error instanceof InputSkipped || error instanceof PrerequisiteError) {
      firstSkip ??= `${each.show(input)}: ${error.message}`;
      noteSkippedInput(t.depth, `${each.show(input)}: ${error.message}`);
      continue;
    }
    if (!(error instanceof ConformanceFailure)) throw error;
    noteInput(t.depth, each.show(input));
    throw withInput(error, `input ${each.show(input)}`);
  }
  if (t.depth.inputs === 0 && firstSkip !== undefined) t.skip(`no input could be judged; ${firstSkip}`);
}

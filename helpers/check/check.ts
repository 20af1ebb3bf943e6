/**
 * The one way to declare a check of a rule over several exchanges (a flow), and the one way to declare a
 * probe: requests sent for the exchange rules to judge. Both may take inputs (boundary values in every
 * profile, generated ones in the deep profile: `helpers/inputs/run.ts`).
 */
import { test } from 'vitest';
import { getRule, type RuleId } from '../catalogue/rules.ts';
import { TargetUnavailableError, TransportError } from '../http/errors.ts';
import { type Entry, sending } from '../http/journal.ts';
import { replayCommand } from '../inputs/profile.ts';
import { newDepthRecord } from '../inputs/record.ts';
import { type Inputs, runInputs } from '../inputs/run.ts';
import { currentRun } from '../run/run.ts';
import { CheckContext } from './context.ts';
import { ConformanceFailure, PrerequisiteError } from './failure.ts';
import type { CheckRecord } from './record.ts';

export interface CheckOptions {
  /** The check sends write requests: skipped in read-only mode. */
  readonly writes?: boolean;
}

/** Inputs given as they are, or made once the check runs (from the suite's probes: a listing's total). */
export type InputsOf<T> = Inputs<T> | ((t: CheckContext) => Promise<Inputs<T>>);

/**
 * Declares one check of a rule as a vitest test named `ID LEVEL: title`. With `inputs`, the body is judged once
 * per input (the title says so in the deep profile), and the check fails with the minimal failing generated
 * input and the command that replays it, or else the first failing boundary value. Outcomes: passed (every
 * assertion held, and there was at least one), failed ({@link ConformanceFailure}), skipped (a prerequisite
 * missing, read-only mode and `writes`, or no input could be judged), or not evaluated (a request got no HTTP
 * answer). INFO rules never fail: they only observe. A check of a rule the run did not select is not declared.
 */
export function check(
  ruleId: RuleId,
  title: string,
  body: (t: CheckContext) => unknown,
  options?: CheckOptions,
): void;
export function check<T>(
  ruleId: RuleId,
  title: string,
  body: (t: CheckContext, input: T) => unknown,
  options: CheckOptions & { readonly inputs: InputsOf<T> },
): void;
export function check<T>(
  ruleId: RuleId,
  title: string,
  body: (t: CheckContext, input?: T) => unknown,
  options: CheckOptions & { readonly inputs?: InputsOf<T> } = {},
): void {
  const rule = getRule(ruleId);
  const run = currentRun();
  if (!run.info.rules.includes(ruleId)) return;
  const name = `${rule.id} ${rule.level}: ${title}${options.inputs && run.info.depth === 'deep' ? ' (deep: with generated inputs)' : ''}`;
  test(name, async (ctx) => {
    const record: CheckRecord = {
      ruleId: rule.id,
      level: rule.level,
      section: rule.section,
      exchanges: [],
      observations: {},
      assertions: 0,
    };
    ctx.task.meta.conformance = record;
    if (options.writes && run.info.readOnly) {
      ctx.skip('read-only mode (CONFORMANCE_READ_ONLY=1): this check sends write requests');
    }
    const t = new CheckContext(rule, run.info, run.api, record);
    try {
      await sending({ source: { kind: 'check', name }, onEntry: (e) => t.keep(e.exchange) }, async () => {
        if (!options.inputs) return body(t);
        const inputs = typeof options.inputs === 'function' ? await options.inputs(t) : options.inputs;
        const found = await runInputs(
          { ...run.info, shares: run.shares },
          name,
          inputs,
          t.depth,
          async (input) => {
            await body(t, input);
          },
          (error) => error instanceof ConformanceFailure,
        );
        // The shrunk generated input first (the smallest that fails), else the first failing boundary value.
        const boundary = found.boundary && `input ${inputs.show(found.boundary.input)}`;
        if (found.deep) {
          const { input, error, shrinks } = found.deep;
          throw withNote(
            error,
            `minimal failing input after ${shrinks} shrink step(s): ${inputs.show(input)}; replay: ${replayCommand(run.info.seed, rule.id)}${boundary ? `; also failing: ${boundary}` : ''}`,
          );
        }
        if (found.boundary) throw withNote(found.boundary.error, boundary as string);
        // An input that could not be judged (what it compares changed under it every time): no pass.
        if (found.unjudgeable) throw new Error(`not evaluated: ${found.unjudgeable.message}`);
        // A request without an answer: for the circuit breaker, the target may have stopped answering.
        if (found.unanswered) record.unanswered = found.unanswered.message;
        if (t.depth.inputs === 0) {
          if (found.unanswered) throw found.unanswered;
          t.skip(`no input could be judged; ${t.depth.skipReasons[0] ?? 'none was drawn'}`);
        }
      });
    } catch (error) {
      if (error instanceof PrerequisiteError) ctx.skip(error.message);
      if (error instanceof TransportError) {
        record.notEvaluated = error.message;
        if (error instanceof TargetUnavailableError) record.declined = true;
        throw new Error(`not evaluated: ${error.message}`);
      }
      // INFO rules are observed, never judged: a surprise is recorded, not failed.
      if (rule.level === 'INFO') {
        t.observe('error', error instanceof Error ? error.message : String(error));
        return;
      }
      throw error;
    } finally {
      record.assertions = t.assertions;
    }
    if (rule.level !== 'INFO' && t.assertions === 0) {
      throw new Error(`${rule.id}: the check ended without asserting anything (a defect of the suite)`);
    }
  });
}

/** The failures of exchange rules on the exchanges one input of a probe sent. */
class ExchangesFailed extends Error {
  constructor(readonly failed: readonly { readonly entry: Entry; readonly ruleId: RuleId }[]) {
    super(`${failed.length} exchange(s) failed a rule`);
  }
}

/**
 * Declares a probe: a vitest test (not a check of any rule) that sends requests over its inputs, for the
 * exchange rules to judge. An input fails when any rule's verdict fails on an exchange it sent; in the deep
 * profile the first failing input is shrunk, and the minimal one's failure is put first in that rule's
 * evidence with the command that replays it.
 */
export function probe<T>(
  title: string,
  inputs: Inputs<T> | (() => Promise<Inputs<T>>),
  send: (input: T) => Promise<unknown>,
  options: CheckOptions & { readonly source?: 'replay' } = {},
): void {
  const run = currentRun();
  const name = `probe: ${title}`;
  test(name, async (ctx) => {
    if (options.writes && run.info.readOnly) ctx.skip('read-only mode: this probe sends write requests');
    const depth = newDepthRecord();
    try {
      const made = typeof inputs === 'function' ? await inputs() : inputs;
      const found = await runInputs(
        { ...run.info, shares: run.shares },
        name,
        made,
        depth,
        async (input) => {
          const entries: Entry[] = [];
          await sending({ onEntry: (entry) => entries.push(entry) }, () => send(input));
          const failed = entries.flatMap((entry) =>
            run.judging.failuresOf(entry).map((failure) => ({ entry, ruleId: failure.ruleId })),
          );
          if (failed.length > 0) throw new ExchangesFailed(failed);
        },
        (error) => error instanceof ExchangesFailed,
        options.source,
      );
      if (depth.inputs === 0 && found.unanswered) throw found.unanswered;
      if (found.deep?.error instanceof ExchangesFailed) {
        const { input, error, shrinks } = found.deep;
        for (const { entry, ruleId } of error.failed) {
          run.judging.promote(
            entry,
            ruleId,
            `minimal failing input after ${shrinks} shrink step(s): ${made.show(input)}; replay: ${replayCommand(run.info.seed, ruleId)}`,
          );
        }
      }
    } catch (error) {
      if (error instanceof PrerequisiteError) ctx.skip(error.message);
      if (error instanceof TransportError) ctx.skip(`not evaluated: ${error.message}`);
      throw error;
    } finally {
      if (depth.exploration) run.explorations.push(depth.exploration);
    }
  });
}

/** The same failure with `note` (the input that broke the rule) added to what came back. */
function withNote(error: unknown, note: string): unknown {
  if (!(error instanceof ConformanceFailure)) return error;
  return new ConformanceFailure(
    getRule(error.ruleId),
    error.expected,
    `${error.actual} [${note}]`,
    error.exchange,
  );
}

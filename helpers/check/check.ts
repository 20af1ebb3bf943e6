/** Declaring a check of a rule over several exchanges (a flow), and a probe for the exchange rules. */
import { test } from 'vitest';
import type { RuleInfo } from '../catalogue/rule.ts';
import { TargetUnavailableError, TransportError } from '../http/client.ts';
import { currentSending, type Exchange, type Source, sending, sendingApart } from '../http/journal.ts';
import { newDepthRecord } from '../inputs/record.ts';
import { type Inputs, runInputs } from '../inputs/run.ts';
import { type CurrentRun, currentRun } from '../run/run.ts';
import { CheckContext } from './context.ts';
import { ConformanceFailure, Skip } from './failure.ts';
import type { Outcome } from './outcome.ts';

/** `writes`: the check sends write requests, and is skipped in read-only mode. */
export type CheckOptions = { readonly writes?: boolean };

/** Inputs given as they are, or made once the check runs. */
export type InputsOf<T> = Inputs<T> | ((t: CheckContext) => Promise<Inputs<T>>);

/** The body of a check: its assertions, on one input when it takes inputs. */
type Body<T> = (t: CheckContext, input: T) => unknown;
type Options<T> = CheckOptions & { readonly inputs?: InputsOf<T> };

/** Declares one check of the rule it is bound to (see {@link check}). */
export interface CheckFunction {
  (title: string, body: (t: CheckContext) => unknown, options?: CheckOptions): void;
  <T>(title: string, body: Body<T>, options: CheckOptions & { readonly inputs: InputsOf<T> }): void;
  /** Whether the run selected the rule (else its checks are not declared). */
  readonly selected: boolean;
}

type Flows<P> = { readonly flows?: (probes: P, check: CheckFunction) => void };

/** Declares the flows of rules against the probes of their area, each with its `check`. */
export function declareFlows<P>(rules: readonly Flows<P>[], probes: P): void {
  for (const declared of rules) {
    const rule = declared as unknown as RuleInfo;
    const bound = (...args: [string, Body<never>, CheckOptions?]) => check(rule, ...args);
    const selected = currentRun().settings.rules.includes(rule.id);
    declared.flows?.(probes, Object.assign(bound, { selected }));
  }
}

/** Declares one check of a rule as a vitest test named `ID LEVEL: title`; INFO rules only observe. */
function check<T>(rule: RuleInfo, title: string, body: Body<T>, options: Options<T> = {}): void {
  const run = currentRun();
  if (!run.settings.rules.includes(rule.id)) return;
  const deep = options.inputs && run.settings.depth === 'deep' ? ' (deep: with generated inputs)' : '';
  const name = `${rule.id} ${rule.level}: ${title}${deep}`;
  const info = rule.level === 'INFO';
  test(name, async (ctx) => {
    const started = Date.now();
    const t = new CheckContext(rule, run);
    const ended = (fields: Pick<Outcome, 'status'> & Partial<Outcome>) => {
      const outcome = { ruleId: rule.id, name, durationMs: Date.now() - started, exchanges: t.exchanges };
      ctx.task.meta.outcomes = [{ ...outcome, ...(t.inputDepth ? { depth: t.inputDepth } : {}), ...fields }];
    };
    // A check that times out or is cancelled is not evaluated.
    ended({ status: 'error', message: 'not evaluated: the check did not end', unfinished: true });
    try {
      if (options.writes && run.settings.readOnly)
        throw new Skip('read-only mode (CONFORMANCE_READ_ONLY=1): this check sends write requests');
      const unanswered = await sending(
        { source: { kind: 'check', name }, onExchange: (x) => t.keep(x.evidence) },
        () => judge(t, run, name, body, options.inputs),
      );
      if (!info && t.assertions === 0)
        throw new Error(`${rule.id}: the check ended without asserting anything (a defect of the suite)`);
      const observed = info ? { observations: t.observations } : {};
      const unsure = unanswered ? { transport: true } : {};
      ended({ status: info ? 'observed' : 'passed', ...observed, ...unsure });
    } catch (error) {
      if (error instanceof Skip) {
        const requires = rule.requires?.map((r) => r.id).join(', ');
        ended({ status: 'skipped', reason: requires ? `${error.message} (see ${requires})` : error.message });
        return ctx.skip(error.message);
      }
      const message = error instanceof Error ? error.message : String(error);
      if (info) {
        t.observe('error', message);
        return ended({ status: 'observed', observations: t.observations });
      }
      const failed = error instanceof ConformanceFailure;
      const transport = error instanceof TransportError;
      const declined = error instanceof TargetUnavailableError;
      const evidence = failed || transport ? error.evidence : undefined;
      if (transport) t.keep(error.evidence);
      ended({
        status: failed ? 'failed' : 'error',
        message: failed ? message : `not evaluated: ${message}`,
        ...(evidence ? { keyExchange: evidence } : {}),
        ...(declined ? { declined } : transport ? { transport } : {}),
      });
      throw error;
    }
  });
}

/**
 * Runs the body of a check over its inputs; throws its failure (the shrunk generated input first). Returns an
 * input's unanswered request when other inputs were judged (for the circuit breaker).
 */
async function judge<T>(t: CheckContext, run: CurrentRun, name: string, body: Body<T>, given?: InputsOf<T>) {
  if (!given) return void (await body(t, undefined as T));
  const inputs = typeof given === 'function' ? await given(t) : given;
  const { depth } = t;
  const isFailure = (error: unknown) => error instanceof ConformanceFailure;
  const found = await runInputs(inputRun(run), name, inputs, depth, (input) => body(t, input), isFailure);
  const boundary = found.boundary && `input ${inputs.show(found.boundary.input)}`;
  if (found.deep) {
    const also = boundary ? `; also failing: ${boundary}` : '';
    throw withNote(found.deep.error, `${found.deep.note(t.rule.id)}${also}`);
  }
  if (found.boundary) throw withNote(found.boundary.error, boundary as string);
  if (found.unjudgeable) throw new Error(`not evaluated: ${found.unjudgeable.message}`);
  if (depth.inputs === 0 && found.unanswered) throw found.unanswered;
  if (depth.inputs === 0) t.skip(`no input could be judged; ${depth.skipReasons[0] ?? 'none was drawn'}`);
  return found.unanswered;
}

const inputRun = (run: CurrentRun) => ({ ...run.settings, shares: run.shares, pool: run.pool });

/** The failures of exchange rules on the exchanges one input of a probe sent. */
class ExchangesFailed extends Error {
  constructor(readonly failed: readonly { readonly x: Exchange; readonly ruleId: string }[]) {
    super(`${failed.length} exchange(s) failed a rule`);
  }
}

/** Declares a probe: a vitest test sending requests over its inputs for the exchange rules to judge. */
export function probe<T>(
  title: string,
  inputs: Inputs<T> | (() => Promise<Inputs<T>>),
  send: (input: T) => Promise<unknown>,
  options: CheckOptions & { readonly source?: 'replay' } = {},
): void {
  const run = currentRun();
  const name = `probe: ${title}`;
  const attempt = async (input: T) => {
    const sent: Exchange[] = [];
    await sending({ onExchange: (x) => sent.push(x) }, () => send(input));
    const failed = sent.flatMap((x) => run.judging.failuresOf(x).map((f) => ({ x, ruleId: f.ruleId })));
    if (failed.length > 0) throw new ExchangesFailed(failed);
  };
  test(name, async (ctx) => {
    const depth = newDepthRecord();
    try {
      if (options.writes && run.settings.readOnly)
        throw new Skip('read-only mode: this probe sends write requests');
      const made = typeof inputs === 'function' ? await inputs() : inputs;
      const isFailure = (error: unknown) => error instanceof ExchangesFailed;
      const found = await runInputs(inputRun(run), name, made, depth, attempt, isFailure, options.source);
      if (depth.inputs === 0 && found.unanswered) throw found.unanswered;
      const deep = found.deep;
      if (deep?.error instanceof ExchangesFailed)
        for (const { x, ruleId } of deep.error.failed) run.judging.promote(x, ruleId, deep.note(ruleId));
    } catch (error) {
      if (!(error instanceof Skip || error instanceof TransportError)) throw error;
      const reason = error instanceof Skip ? error.message : `not evaluated: ${error.message}`;
      const transport = error instanceof TransportError ? { transport: true as const } : {};
      ctx.task.meta.skippedProbe = { name: title, reason, ...transport };
      ctx.skip(reason);
    } finally {
      if (depth.exploration) run.explorations.push(depth.exploration);
    }
  });
}

/** Sends now, apart, what an input of a probe sends; the probe's input takes the exchanges ({@link takeSent}). */
export function sendEarly(source: Source, send: () => Promise<unknown>): Promise<Exchange[]> {
  const exchanges: Exchange[] = [];
  const sent = sendingApart({ source, onExchange: (x) => exchanges.push(x) }, send).then(() => exchanges);
  // A request that gets no answer is that input's to report, when the probe takes it: not unhandled now.
  sent.catch(() => undefined);
  return sent;
}

/** Exchanges sent earlier go to the current input as if sent now (a rule that failed on them fails it). */
export async function takeSent(early: Promise<Exchange[]>): Promise<void> {
  for (const x of await early) currentSending().onExchange?.(x);
}

/** The same failure with `note` added to what came back. */
function withNote(error: unknown, note: string): unknown {
  if (!(error instanceof ConformanceFailure)) return error;
  return new ConformanceFailure(error.rule, error.expected, `${error.actual} [${note}]`, error.evidence);
}

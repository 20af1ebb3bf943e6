import { getRule, isRuleId } from '../helpers/catalogue/rules.ts';
import type { CheckRecord } from '../helpers/check/record.ts';
import type { Exchange } from '../helpers/http/exchange.ts';
import type { DepthRecord } from '../helpers/inputs/record.ts';
import type { RuleTally, SourceKind } from '../helpers/judge/judging.ts';
import type { CheckResult } from './report/model.ts';

type Shown = 'name' | 'status' | 'file' | 'durationMs' | 'message' | 'reason' | 'observations' | 'bySource';

/** One finished check as the collector sees it: with every exchange, before evidence is trimmed for a report. */
export interface CollectedCheck extends Pick<CheckResult, Shown> {
  readonly ruleId: string;
  readonly exchanges: readonly Exchange[];
  /** How many exchanges the check looked at, when not `exchanges.length` (an exchange rule's tally). */
  readonly exchangeCount?: number;
  /** The exchange the failure names, if any (one of `exchanges`). */
  readonly keyExchange?: Exchange;
  /** Status `error` because a request got no HTTP answer (refused, reset, timeout). */
  readonly transport?: boolean;
  /** Status `error` because the target declined a request (429 / 503 with `Retry-After`) for too long. */
  readonly declined?: boolean;
  /** Distinct inputs judged, and what a deep exploration spent (helpers/inputs). */
  readonly depth?: DepthRecord;
}

/** What vitest tells about one test, reduced to what classification needs (plain data, easy to test). */
export interface TestOutcome {
  readonly name: string;
  readonly file?: string;
  readonly state: 'passed' | 'failed' | 'skipped' | 'pending';
  /** The skip note (`ctx.skip(reason)`). */
  readonly note?: string;
  readonly errors?: readonly {
    readonly name?: string;
    readonly message: string;
    readonly [key: string]: unknown;
  }[];
  readonly record?: CheckRecord;
  readonly durationMs?: number;
}

const NAME = /^([A-Z][A-Z0-9]*(?:-[A-Z0-9]+)*) (MUST|SHOULD|INFO):/;
const WHERE = /\((GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS) (\S+)\)\s*$/;

/**
 * Classifies one test: passed, failed (a ConformanceFailure), skipped (with the reason), error (not
 * evaluated: no HTTP answer, or any other exception), observed (INFO). Returns undefined for a test that did
 * not run (left out by the rule filter) or whose name carries no rule ID (not a conformance check).
 */
export function classify(outcome: TestOutcome): CollectedCheck | undefined {
  const { record } = outcome;
  const ruleId = record?.ruleId ?? NAME.exec(outcome.name)?.[1];
  if (!ruleId || outcome.state === 'pending') return undefined;
  // A skipped test without a record never started its body: the filter left it out.
  if (outcome.state === 'skipped' && !record) return undefined;
  const base = {
    ruleId,
    name: outcome.name,
    ...(outcome.file ? { file: outcome.file } : {}),
    ...(outcome.durationMs !== undefined ? { durationMs: Math.round(outcome.durationMs) } : {}),
    exchanges: record?.exchanges ?? [],
    ...(record?.depth ? { depth: record.depth } : {}),
  };
  if (outcome.state === 'skipped') {
    return { ...base, status: 'skipped', reason: outcome.note || 'skipped' };
  }
  // A check judged on some inputs while others got no answer: the target may have stopped answering.
  const unanswered = record?.unanswered !== undefined ? { transport: true } : {};
  if (outcome.state === 'passed') {
    const observed = record?.level === 'INFO';
    return {
      ...base,
      ...unanswered,
      status: observed ? 'observed' : 'passed',
      ...(observed ? { observations: record.observations } : {}),
    };
  }
  const error = outcome.errors?.[0];
  const text = error?.message ?? 'the check failed without an error message';
  if (record?.notEvaluated !== undefined || error?.name !== 'ConformanceFailure') {
    const message = text.startsWith('not evaluated: ') ? text : `not evaluated: ${text}`;
    return {
      ...base,
      status: 'error',
      message,
      ...(record?.notEvaluated !== undefined
        ? record.declined
          ? { declined: true }
          : { transport: true }
        : {}),
      ...key(base.exchanges, text, error),
    };
  }
  return { ...base, ...unanswered, status: 'failed', message: text, ...key(base.exchanges, text, error) };
}

/** The exchange a failure names: the one on the error if it survived serialisation, else `(METHOD URL)`. */
function key(
  exchanges: readonly Exchange[],
  message: string,
  error: { readonly [key: string]: unknown } | undefined,
): { keyExchange?: Exchange } {
  const carried = error?.exchange as Exchange | undefined;
  if (carried && typeof carried === 'object' && carried.request) {
    const same = exchanges.find(
      (e) =>
        e.request.method === carried.request.method &&
        e.request.url === carried.request.url &&
        e.response?.status === carried.response?.status,
    );
    return { keyExchange: same ?? carried };
  }
  const where = WHERE.exec(message);
  const named = where
    ? exchanges.findLast((e) => e.request.method === where[1] && e.request.url === where[2])
    : undefined;
  const chosen = named ?? exchanges.at(-1);
  return chosen ? { keyExchange: chosen } : {};
}

/** How a failure names what sent the exchange it was found on. */
const SENDERS: Record<SourceKind, string> = {
  check: 'the check',
  boundary: 'a boundary value of',
  generated: 'a generated input of',
  replay: 'the replay without credentials',
  provisioning: 'the provisioning step',
  cleanup: 'the cleanup',
  recording: 'a client in',
};

/**
 * The checks an exchange rule's tally of one suite file stands for: one per rule, passed when every exchange
 * it judged passed, failed with its first failure's evidence (and what sent it) otherwise, not evaluated when
 * a verdict of the suite threw.
 */
export function tallyCheck(tally: RuleTally, file: string | undefined): CollectedCheck | undefined {
  if (!isRuleId(tally.ruleId)) return undefined;
  const rule = getRule(tally.ruleId);
  const first = tally.failures[0];
  const name = `${rule.id} ${rule.level}: every exchange it applies to${file ? ` in ${file}` : ''} (${tally.judged} judged)`;
  const base = {
    ruleId: rule.id,
    name,
    ...(file ? { file } : {}),
    exchanges: tally.failures.map((f) => f.exchange),
    exchangeCount: tally.judged,
    depth: { inputs: tally.judged, skippedInputs: 0, skipReasons: [] },
    bySource: tally.bySource,
  };
  if (first) {
    const sender = `sent by ${SENDERS[first.source.kind]} "${first.source.name}"${first.source.input ? ` (input ${first.source.input})` : ''}`;
    const more = tally.failed > 1 ? `; ${tally.failed} of the ${tally.judged} exchanges failed` : '';
    return {
      ...base,
      status: 'failed',
      message: `${first.message} [${sender}${first.note ? `; ${first.note}` : ''}${more}]`,
      keyExchange: first.exchange,
    };
  }
  if (tally.errors.length > 0)
    return { ...base, status: 'error', message: `not evaluated: ${tally.errors[0]}` };
  return { ...base, status: 'passed' };
}

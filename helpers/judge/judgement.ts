import type { RuleInfo } from '../catalogue/rule.ts';
import { ConformanceFailure, show, skip } from '../check/failure.ts';
import type { Answered } from '../http/journal.ts';
import { type ApiResponse, isObject } from '../http/response.ts';
import type { Settings } from '../run/settings.ts';
import { formatDiagnostics } from '../schema/diagnostics.ts';
import { type SchemaName, validate } from '../schema/registry.ts';
import type { Knowledge } from './knowledge.ts';

/** What verdicts are given beside what they judge. */
export interface JudgingContext {
  readonly known: Knowledge;
  readonly settings: Pick<Settings, 'baseUrl' | 'defaultPageLimit' | 'rules'>;
}

/** Where the spec leaves the exact code open (§4.1, §7). */
type StatusClass = '2xx' | '4xx' | 'not 5xx';

/**
 * The assertions of one rule on what it judges: each counts one and fails with a {@link ConformanceFailure};
 * `need` and `skip` end the judgement as not applicable, with the reason.
 */
export class Judgement {
  assertions = 0;
  readonly known: Knowledge;
  readonly settings: JudgingContext['settings'];

  constructor(
    readonly rule: RuleInfo,
    context: JudgingContext,
  ) {
    ({ known: this.known, settings: this.settings } = context);
  }

  /** Ends the judgement as not applicable, with the reason. */
  skip(reason: string): never {
    return skip(reason);
  }

  /** Returns `value`, or ends the judgement as not applicable with `reason` when it is missing. */
  need<T>(value: T | undefined | null | false, reason: string): T {
    if (value === undefined || value === null || value === false) this.skip(reason);
    return value;
  }

  /** Counts one, and fails with `expected` / `actual` when `condition` is false. */
  assert(
    condition: boolean,
    expected: string,
    actual: string | (() => string),
    response?: ApiResponse,
  ): void {
    this.assertions += 1;
    if (!condition) this.fail(expected, typeof actual === 'function' ? actual() : actual, response);
  }

  fail(expected: string, actual: string, response?: ApiResponse): never {
    throw new ConformanceFailure(this.rule, expected, actual, response?.evidence);
  }

  /** The response's status is in the class; `not 5xx` also fails a transport-level non-answer. */
  expectStatus(response: ApiResponse, expected: StatusClass): void {
    const ok = expected === 'not 5xx' ? response.status < 500 : response.statusClass === expected;
    this.assert(ok, `status ${expected}`, () => `${response.status}${briefBody(response)}`, response);
  }

  /** A refusal of `x` fails when the same read in another spelling was answered 2xx just before. */
  expectServedAlike(x: Answered): void {
    if (x.transformed?.relation === 'may refuse')
      this.skip(`a refusal of a request ${x.transformed.id}, which a server may refuse`);
    const plain = this.need(
      this.known.spelledAlike(x),
      'a refusal, and no other spelling of it to compare with',
    );
    this.need(plain.response?.ok, `its other spelling was refused too (${plain.target})`);
    this.assert(
      x.response.ok,
      `2xx, as the same read spelt ${plain.target} was answered just before`,
      () => `${x.response.status}${briefBody(x.response)}`,
      x.response,
    );
  }

  /** `actual` equals `expected` (deep, JSON-wise); `what` names the value. */
  expectEqual(actual: unknown, expected: unknown, what: string, response?: ApiResponse): void {
    const equal = JSON.stringify(sortKeys(actual)) === JSON.stringify(sortKeys(expected));
    this.assert(equal, `${what} = ${show(expected)}`, () => show(actual), response);
  }

  expectObject(value: unknown, what: string, response?: ApiResponse): Record<string, unknown> {
    this.assert(isObject(value), `${what} to be an object`, () => show(value), response);
    return value as Record<string, unknown>;
  }

  expectArray(value: unknown, what: string, response?: ApiResponse): unknown[] {
    this.assert(Array.isArray(value), `${what} to be an array`, () => show(value), response);
    return value as unknown[];
  }

  /** The value matches a schema of `schemas/`; the failure lists every violation. */
  expectSchema(value: unknown, schema: SchemaName, what: string, response?: ApiResponse): void {
    const result = validate(schema, value);
    this.assert(
      result.valid,
      `${what} to match the ${schema} schema`,
      () => (result.valid ? '' : `\n${formatDiagnostics(result.diagnostics, 10)}`),
      response,
    );
  }
}

function briefBody(response: ApiResponse): string {
  const text = response.text.trim();
  if (!text) return ' (empty body)';
  return ` ${text.length > 200 ? `${text.slice(0, 200)}…` : text}`;
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (isObject(value))
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sortKeys(value[k])]),
    );
  return value;
}

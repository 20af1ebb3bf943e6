import type { Rule } from '../catalogue/rules.ts';
import type { ApiClient } from '../http/client.ts';
import type { Exchange } from '../http/exchange.ts';
import type { ApiResponse } from '../http/response.ts';
import { type DepthRecord, newDepthRecord } from '../inputs/record.ts';
import { Verdict } from '../judge/verdict.ts';
import type { RunInfo } from '../run/run-info.ts';
import type { CheckRecord } from './record.ts';

/**
 * What a check works with: the rule's assertions ({@link Verdict}), the run's client and settings, and the
 * check's evidence: every exchange sent inside the check (its sending context, see `check.ts`) and those it
 * attaches from shared probes.
 */
export class CheckContext extends Verdict {
  constructor(
    rule: Rule,
    readonly run: RunInfo,
    readonly api: ApiClient,
    private readonly record: CheckRecord,
  ) {
    super(rule);
  }

  /** Adds exchanges made elsewhere (a shared probe) to this check's evidence. */
  attach(...items: (ApiResponse | Exchange | undefined)[]): void {
    for (const item of items) {
      if (item) this.keep('exchange' in item ? item.exchange : item);
    }
  }

  override fail(expected: string, actual: string, response?: ApiResponse): never {
    if (response) this.attach(response);
    return super.fail(expected, actual, response);
  }

  /** The check's depth tally (distinct inputs judged; see helpers/inputs), made on first use. */
  get depth(): DepthRecord {
    this.record.depth ??= newDepthRecord();
    return this.record.depth;
  }

  /** Records an observation (INFO rules), shown in reports; never fails. */
  observe(key: string, value: unknown): void {
    this.record.observations[key] = value;
  }

  /** Keeps an exchange as evidence (once). */
  keep(exchange: Exchange): void {
    if (!this.record.exchanges.includes(exchange)) this.record.exchanges.push(exchange);
  }
}

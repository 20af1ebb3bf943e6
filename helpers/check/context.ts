import type { RuleInfo } from '../catalogue/rule.ts';
import type { ApiClient } from '../http/client.ts';
import type { Evidence } from '../http/evidence.ts';
import type { ApiResponse } from '../http/response.ts';
import { type DepthRecord, newDepthRecord } from '../inputs/record.ts';
import { Judgement } from '../judge/judgement.ts';
import type { CurrentRun } from '../run/run.ts';
import type { Settings } from '../run/settings.ts';

/** What a check works with: the rule's assertions, the run's client, knowledge, settings, evidence. */
export class CheckContext extends Judgement {
  declare readonly settings: Settings;
  readonly api: ApiClient;
  /** The exchanges the check made or relied on, in order (redacted). */
  readonly exchanges: Evidence[] = [];
  /** INFO rules: what was observed. */
  readonly observations: Record<string, unknown> = {};
  /** Undefined until the check takes inputs. */
  inputDepth: DepthRecord | undefined;

  constructor(rule: RuleInfo, run: CurrentRun) {
    super(rule, run);
    this.api = run.api;
  }

  /** Adds exchanges made elsewhere (a shared probe) to this check's evidence. */
  attach(...items: (ApiResponse | Evidence | undefined)[]): void {
    for (const item of items) if (item) this.keep('evidence' in item ? item.evidence : item);
  }

  override fail(expected: string, actual: string, response?: ApiResponse): never {
    if (response) this.attach(response);
    return super.fail(expected, actual, response);
  }

  /** The check's depth tally, made on first use. */
  get depth(): DepthRecord {
    this.inputDepth ??= newDepthRecord();
    return this.inputDepth;
  }

  /** Records an observation (INFO rules); never fails. */
  observe(key: string, value: unknown): void {
    this.observations[key] = value;
  }

  keep(evidence: Evidence): void {
    if (!this.exchanges.includes(evidence)) this.exchanges.push(evidence);
  }
}

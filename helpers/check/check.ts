import { test } from 'vitest';
import { getRule, type RuleId } from '../catalogue/rules.ts';
import { TransportError } from '../http/errors.ts';
import { currentRun } from '../run/run.ts';
import { CheckContext } from './context.ts';
import { PrerequisiteError } from './failure.ts';
import type { CheckRecord } from './record.ts';

export interface CheckOptions {
  /** The check sends write requests: skipped in read-only mode. */
  readonly writes?: boolean;
  /** Per-check timeout in ms (vitest's), when a check chains many requests. */
  readonly timeout?: number;
}

export type CheckBody = (t: CheckContext) => Promise<void> | void;

/**
 * Declares one check of a rule as a vitest test named `ID LEVEL: title`, e.g.
 * `PAGE-MAX-LIMIT MUST: page[limit]=101 never answers more than 100 records`. `ruleId` is a {@link RuleId}: an
 * ID that is not in the catalogue does not compile.
 *
 * Outcomes: passed (every assertion held, and there was at least one), failed (a {@link ConformanceFailure}),
 * skipped (a prerequisite could not be made, or read-only mode and `writes`), or not evaluated (a request
 * got no HTTP answer). INFO rules never fail: their checks only observe.
 */
export function check(ruleId: RuleId, title: string, body: CheckBody, options: CheckOptions = {}): void {
  const rule = getRule(ruleId);
  test(
    `${rule.id} ${rule.level}: ${title}`,
    async (ctx) => {
      const record: CheckRecord = {
        ruleId: rule.id,
        level: rule.level,
        section: rule.section,
        exchanges: [],
        observations: {},
        assertions: 0,
      };
      ctx.task.meta.conformance = record;
      const run = currentRun();
      if (options.writes && run.info.readOnly) {
        ctx.skip('read-only mode (CONFORMANCE_READ_ONLY=1): this check sends write requests');
      }
      const t = new CheckContext(rule, run.info, run.api, record);
      try {
        await body(t);
      } catch (error) {
        if (error instanceof PrerequisiteError) ctx.skip(error.message);
        if (error instanceof TransportError) {
          record.notEvaluated = error.message;
          throw new Error(`not evaluated: ${error.message}`);
        }
        // INFO rules are observed, never judged: a surprise is recorded, not failed.
        if (rule.level === 'INFO') {
          t.observe('error', error instanceof Error ? error.message : String(error));
          return;
        }
        throw error;
      }
      if (rule.level !== 'INFO' && record.assertions === 0) {
        throw new Error(`${rule.id}: the check ended without asserting anything (a defect of the suite)`);
      }
    },
    options.timeout,
  );
}

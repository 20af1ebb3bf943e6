import { buildReport } from './report/build.ts';
import type { ConformanceReport, RuleCheck } from './report/model.ts';

/** Shard reports that cannot be merged (they tested different targets). */
export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/**
 * Merges the reports of the shards of one run: the union of their checks, per rule, with every rule's status
 * recomputed (a rule untested in one shard and passed in another is passed), the union of their filters,
 * shards and engine errors, and the time span that covers them all. Throws {@link MergeError} when the
 * shards tested different targets (embedded reference servers excepted: each shard starts its own).
 */
export function mergeReports(reports: readonly ConformanceReport[], strict: boolean): ConformanceReport {
  const first = reports[0];
  if (!first) throw new MergeError('no report to merge');
  const targets = new Set(reports.filter((r) => !r.embedded).map((r) => r.target));
  if (targets.size > 1) {
    throw new MergeError(`the reports tested different targets: ${[...targets].join(', ')}`);
  }
  const starts = reports.map((r) => Date.parse(r.startedAt));
  const ends = reports.map((r) => Date.parse(r.startedAt) + r.durationMs);
  const start = Math.min(...starts);
  const filtered = reports.every((r) => r.filter);
  const checks: RuleCheck[] = reports.flatMap((r) =>
    r.rules.flatMap((rule) => rule.checks.map((check) => ({ ruleId: rule.id, check }))),
  );
  return buildReport(
    {
      suiteVersion: first.suiteVersion,
      target: [...targets][0] ?? first.target,
      embedded: targets.size === 0,
      startedAt: new Date(start).toISOString(),
      durationMs: Math.max(...ends) - start,
      readOnly: reports.some((r) => r.readOnly),
      strict,
      ...(filtered
        ? {
            filter: {
              rules: [...new Set(reports.flatMap((r) => r.filter?.rules ?? []))],
              areas: [...new Set(reports.flatMap((r) => r.filter?.areas ?? []))],
            },
          }
        : {}),
      shards: reports.flatMap((r) => r.shards ?? []),
      errors: reports.flatMap((r) => r.errors),
    },
    checks,
  );
}

import type { Baseline } from './baseline/model.ts';
import { buildReport } from './report/build.ts';
import type { ConformanceReport, RuleCheck, RunStop } from './report/model.ts';

/** Shard reports that cannot be merged (they tested different targets). */
export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/**
 * Merges the reports of the shards of one run: the union of their checks, per rule, with every rule's status
 * recomputed (a rule untested in one shard and passed in another is passed), the union of their filters,
 * shards and engine errors, and the time span that covers them all. The verdict is judged anew (with the
 * baseline given here): once every share is merged, a rule no shard ran makes the run incomplete, and a shard
 * that was stopped (deadline, breaker, signal) leaves the merged run stopped too (exit code 2). Throws
 * {@link MergeError} when the shards tested different targets (embedded reference servers excepted).
 */
export function mergeReports(
  reports: readonly ConformanceReport[],
  strict: boolean,
  options: { readonly strictBaseline?: boolean; readonly baseline?: Baseline; readonly label?: string } = {},
): ConformanceReport {
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
      ...stoppedOf(reports),
      strictBaseline: options.strictBaseline ?? false,
      ...(options.baseline ? { baseline: options.baseline } : {}),
      ...metadataOf(reports, options.label),
    },
    checks,
  );
}

/** The stop of the first shard that was stopped, naming its shard; nothing when every shard ran to its end. */
function stoppedOf(reports: readonly ConformanceReport[]): { stopped?: RunStop } {
  const shard = reports.find((r) => r.stopped);
  if (!shard?.stopped) return {};
  const which = shard.shards?.length ? `shard ${shard.shards.join(', ')}` : 'a shard';
  return { stopped: { kind: shard.stopped.kind, reason: `${which}: ${shard.stopped.reason}` } };
}

/** The metadata the shards agree on: label (unless given), seed, depth, `--rerun-failed`, Server header. */
function metadataOf(reports: readonly ConformanceReport[], label: string | undefined) {
  // Reports written before metadata existed have none.
  const all = reports.map((r) => r.metadata).filter((m) => m !== undefined);
  const first = all[0];
  const server = all.find((m) => m.server)?.server;
  const chosen = label ?? first?.label;
  return {
    ...(chosen ? { label: chosen } : {}),
    ...(first ? { seed: first.seed, depth: first.depth } : {}),
    ...(first?.selection.rerunOf ? { rerunOf: first.selection.rerunOf } : {}),
    ...(server ? { server } : {}),
  };
}

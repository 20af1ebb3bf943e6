import type { Baseline } from './baseline/read.ts';
import { buildReport } from './report/build.ts';
import type { ConformanceReport, RuleCheck, RunStop } from './report/model.ts';

/** Shard reports that cannot be merged (they tested different targets). */
export class MergeError extends Error {
  override readonly name = 'MergeError';
}

/**
 * Merges the reports of the shards of one run: the union of their checks, filters, shards and errors over the
 * time span of them all, judged anew (a stopped shard stops the merged run). Throws {@link MergeError} when the
 * shards tested different targets (embedded reference servers excepted).
 */
export function mergeReports(
  reports: readonly ConformanceReport[],
  strict: boolean,
  options: { readonly strictBaseline?: boolean; readonly baseline?: Baseline; readonly label?: string } = {},
): ConformanceReport {
  const first = reports[0];
  if (!first) throw new MergeError('no report to merge');
  const targets = new Set(reports.filter((r) => !r.embedded).map((r) => r.target));
  if (targets.size > 1)
    throw new MergeError(`the reports tested different targets: ${[...targets].join(', ')}`);
  const start = Math.min(...reports.map((r) => Date.parse(r.startedAt)));
  const ends = reports.map((r) => Date.parse(r.startedAt) + r.durationMs);
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
      filter: filtered
        ? {
            rules: [...new Set(reports.flatMap((r) => r.filter?.rules ?? []))],
            areas: [...new Set(reports.flatMap((r) => r.filter?.areas ?? []))],
          }
        : undefined,
      shards: reports.flatMap((r) => r.shards ?? []),
      errors: reports.flatMap((r) => r.errors),
      ...stoppedOf(reports),
      strictBaseline: options.strictBaseline ?? false,
      baseline: options.baseline,
      ...metadataOf(reports, options.label),
    },
    checks,
  );
}

/** The stop of the first shard that was stopped, naming its shard. */
function stoppedOf(reports: readonly ConformanceReport[]): { stopped?: RunStop } {
  const shard = reports.find((r) => r.stopped);
  if (!shard?.stopped) return {};
  const which = shard.shards?.length ? `shard ${shard.shards.join(', ')}` : 'a shard';
  return { stopped: { kind: shard.stopped.kind, reason: `${which}: ${shard.stopped.reason}` } };
}

/** The metadata of the shards (those written before metadata existed have none). */
function metadataOf(reports: readonly ConformanceReport[], label: string | undefined) {
  const [first] = reports.flatMap((r) => (r.metadata ? [r.metadata] : []));
  const server = reports.find((r) => r.metadata?.server)?.metadata?.server;
  return {
    label: label ?? first?.label,
    seed: first?.seed,
    depth: first?.depth,
    rerunOf: first?.selection.rerunOf,
    server,
  };
}

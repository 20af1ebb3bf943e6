import type { DepthSettings } from '../helpers/inputs/profile.ts';
import type { ConformanceReport } from './report/model.ts';

/** The line printed before any check: the depth profile, the seed to replay with and, deep, the budget. */
export function depthLine({ depth, seed, requestBudget }: DepthSettings): string {
  const budget = depth === 'deep' ? `, request budget ${requestBudget}` : '';
  return `Depth ${depth}${budget}; seed ${seed} (replay with --seed ${seed})`;
}

/** The line printed after the table of a deep run: what the generated exploration spent. */
export function explorationLine(report: ConformanceReport): string {
  const spent = report.exploration;
  if (!spent) return '';
  return `Deep exploration: ${spent.requests} of ${spent.budget} budgeted requests sent (seed ${report.metadata.seed ?? 'unknown'}).`;
}

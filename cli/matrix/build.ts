import { RULES } from '../../rules/catalogue.ts';
import type { NamedReport } from '../report/locate.ts';
import { type RuleHead, type RuleStatus, ruleHead } from '../report/model.ts';
import { slugify } from './badge.ts';
import { type Score, scoreOf } from './score.ts';

export const MATRIX_FORMAT = 1;

/** One implementation (one report) of the matrix. */
export interface Implementation {
  /** The report's name, made unique with ` (2)`…, and as a file name. */
  readonly label: string;
  readonly slug: string;
  readonly file: string;
  readonly target: string;
  readonly startedAt: string;
  readonly suiteVersion: string;
  readonly score: Score;
}

/** One rule across the implementations. */
export interface MatrixRule extends RuleHead {
  /** Per implementation; null: that report does not have the rule. */
  readonly statuses: readonly (RuleStatus | null)[];
  /** How many implementations pass it (INFO: observed it). */
  readonly passing: number;
  readonly observations?: readonly (Record<string, unknown> | null)[];
}

/** `matrix.json`: rules × implementations. */
export interface Matrix {
  readonly format: typeof MATRIX_FORMAT;
  readonly generatedAt: string;
  readonly implementations: readonly Implementation[];
  /** Catalogue order; rules of other catalogues after, in the order found. */
  readonly rules: readonly MatrixRule[];
}

/** The matrix of the reports, one implementation per report, in the order given. */
export function buildMatrix(inputs: readonly NamedReport[], generatedAt = new Date()): Matrix {
  const labels = new Map<string, number>();
  const slugs = new Set<string>();
  const implementations = inputs.map((input): Implementation => {
    const seen = (labels.get(input.name) ?? 0) + 1;
    labels.set(input.name, seen);
    const label = seen > 1 ? `${input.name} (${seen})` : input.name;
    return {
      label,
      slug: slugify(label, slugs),
      file: input.file,
      target: input.report.target,
      startedAt: input.report.startedAt,
      suiteVersion: input.report.suiteVersion,
      score: scoreOf(input.report),
    };
  });
  const byReport = inputs.map((input) => new Map(input.report.rules.map((r) => [r.id as string, r])));
  const found = inputs.flatMap((input) => input.report.rules.map((r) => r.id as string));
  const catalogue = RULES.map((r) => r.id as string).filter((id) => found.includes(id));
  const ids = [...new Set([...catalogue, ...found])];
  const rules = ids.map((id): MatrixRule => {
    const results = byReport.map((rules) => rules.get(id));
    const rule = results.find((r) => r !== undefined);
    if (!rule) throw new Error(`unreachable: rule ${id} in no report`);
    const info = rule.level === 'INFO';
    const statuses = results.map((r) => r?.status ?? null);
    return {
      ...ruleHead(rule),
      statuses,
      passing: statuses.filter((s) => s === (info ? 'observed' : 'passed')).length,
      ...(info ? { observations: results.map((r) => r?.observations ?? null) } : {}),
    };
  });
  return { format: MATRIX_FORMAT, generatedAt: generatedAt.toISOString(), implementations, rules };
}

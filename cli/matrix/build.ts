import { RULES, type RuleLevel } from '../../rules/catalogue.ts';
import { type ConformanceReport, type RuleHead, type RuleStatus, ruleHead } from '../report/model.ts';
import { type NamedReport, type ReportSide, sideOf } from '../report/write.ts';

export const MATRIX_FORMAT = 1;

/** One implementation (one report) of the matrix. */
export interface Implementation extends Omit<ReportSide, 'name'> {
  /** The report's name, made unique with ` (2)`…, and as a file name. */
  readonly label: string;
  readonly slug: string;
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
    const { name: _name, ...side } = sideOf(input);
    return { label, slug: slugify(label, slugs), ...side, score: scoreOf(input.report) };
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

/** An implementation's score: MUST passed of MUST, SHOULD passed of SHOULD, INFO observed of INFO. */
export type Score = ReturnType<typeof scoreOf>;

/**
 * The score of a report: per level, `total` counts every rule of the level in the report, run or not, so a run
 * that left rules out scores lower, never higher.
 */
export function scoreOf(report: ConformanceReport) {
  const level = (name: RuleLevel) => {
    const rules = report.rules.filter((r) => r.level === name);
    return {
      passed: rules.filter((r) => r.status === 'passed').length,
      failed: rules.filter((r) => r.status === 'failed').length,
      total: rules.length,
    };
  };
  const info = report.rules.filter((r) => r.level === 'INFO');
  return {
    must: level('MUST'),
    should: level('SHOULD'),
    info: { observed: info.filter((r) => r.status === 'observed').length, total: info.length },
  };
}

/** `MUST 42/42 · SHOULD 10/12`. */
export function scoreText(score: Score): string {
  return `MUST ${score.must.passed}/${score.must.total} · SHOULD ${score.should.passed}/${score.should.total}`;
}

/** How a score reads at a glance: the colour of its badge and of its column head. */
export function gradeOf(score: Score): keyof typeof COLORS {
  if (score.must.failed > 0) return 'failing';
  if (score.must.passed < score.must.total) return 'incomplete';
  return score.should.passed === score.should.total ? 'all' : 'must';
}

const COLORS = {
  all: 'brightgreen',
  must: 'yellowgreen',
  incomplete: 'lightgrey',
  failing: 'red',
};

/** An implementation's shields.io endpoint file (https://shields.io/badges/endpoint-badge), by grade. */
export function badgeOf(score: Score) {
  const label = 'Commerce API conformance';
  return { schemaVersion: 1, label, message: scoreText(score), color: COLORS[gradeOf(score)] };
}

/** A label as a unique file name (`taken`: the slugs given so far; a repeated one gets `-2`, `-3`…). */
export function slugify(label: string, taken: Set<string>): string {
  const base =
    label
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60)
      .replace(/-+$/, '') || 'implementation';
  let slug = base;
  for (let n = 2; taken.has(slug); n += 1) slug = `${base}-${n}`;
  taken.add(slug);
  return slug;
}

import { RULES, type RuleLevel } from '../../rules/catalogue.ts';
import { type ConformanceReport, type RuleResult, type RuleStatus, ruleHead } from '../report/model.ts';
import { type NamedReport, sideOf } from '../report/write.ts';

/** One implementation (one report) of the matrix. */
export type Implementation = Matrix['implementations'][number];

/** One rule across the implementations. */
export type MatrixRule = Matrix['rules'][number];

/**
 * `matrix.json`, rules × implementations: one implementation per report, in the order given, named by the
 * report's name made unique with ` (2)`…, and as a file name (`slug`); the rules in catalogue order, those of
 * other catalogues after in the order found, each with its status per implementation (null: that report does
 * not have it), how many pass it (INFO: observed it), and the INFO rules' observations.
 */
export type Matrix = ReturnType<typeof buildMatrix>;

export function buildMatrix(inputs: readonly NamedReport[], generatedAt = new Date()) {
  const slugs = new Set<string>();
  const implementations = inputs.map((input, i) => {
    const seen = inputs.slice(0, i + 1).filter((other) => other.name === input.name).length;
    const label = seen > 1 ? `${input.name} (${seen})` : input.name;
    const { name: _name, ...side } = sideOf(input);
    return { label, slug: slugify(label, slugs), ...side, score: scoreOf(input.report) };
  });
  const byReport = inputs.map((input) => new Map(input.report.rules.map((r) => [r.id as string, r])));
  const found = inputs.flatMap((input) => input.report.rules.map((r) => r.id as string));
  const catalogue = RULES.map((r) => r.id as string).filter((id) => found.includes(id));
  const rules = [...new Set([...catalogue, ...found])].map((id) => {
    const results = byReport.map((rules) => rules.get(id));
    const rule = results.find((r) => r !== undefined) as RuleResult;
    const info = rule.level === 'INFO';
    const statuses: (RuleStatus | null)[] = results.map((r) => r?.status ?? null);
    const passing = statuses.filter((s) => s === (info ? 'observed' : 'passed')).length;
    const observations = info ? results.map((r) => r?.observations ?? null) : undefined;
    return { ...ruleHead(rule), statuses, passing, ...(observations ? { observations } : {}) };
  });
  return { format: 1 as const, generatedAt: generatedAt.toISOString(), implementations, rules };
}

/** An implementation's score: MUST passed of MUST, SHOULD passed of SHOULD, INFO observed of INFO. */
export type Score = ReturnType<typeof scoreOf>;

/**
 * The score of a report: per level, `total` counts every rule of the level in the report, run or not, so a run
 * that left rules out scores lower, never higher.
 */
export function scoreOf(report: ConformanceReport) {
  const count = (level: RuleLevel, status?: RuleStatus) =>
    report.rules.filter((r) => r.level === level && (!status || r.status === status)).length;
  const level = (name: RuleLevel) => ({
    passed: count(name, 'passed'),
    failed: count(name, 'failed'),
    total: count(name),
  });
  const info = { observed: count('INFO', 'observed'), total: count('INFO') };
  return { must: level('MUST'), should: level('SHOULD'), info };
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

const COLORS = { all: 'brightgreen', must: 'yellowgreen', incomplete: 'lightgrey', failing: 'red' };

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

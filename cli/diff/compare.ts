import { isObject } from '../../helpers/http/response.ts';
import { type RuleResult, type RuleStatus, ruleHead } from '../report/model.ts';
import { type NamedReport, sideOf } from '../report/write.ts';

const DIFF_CLASSES = ['regression', 'fix', 'still-failing', 'changed', 'unchanged'] as const;

/** How a rule changed from report A to report B (see {@link classify}). */
export type DiffClass = (typeof DIFF_CLASSES)[number];

/**
 * `diff.json`: two reports compared rule by rule, in B's order, then those only A has; per rule its status in A
 * and in B (null: the report does not have the rule, another catalogue), its class, B's first failure line
 * (regression, still-failing) and the observations of both (INFO).
 */
export type ReportDiff = ReturnType<typeof diffReports>;
export type RuleDiff = ReportDiff['rules'][number];

/** Compares report A with report B rule by rule. */
export function diffReports(a: NamedReport, b: NamedReport) {
  const before = new Map(a.report.rules.map((r) => [r.id as string, r]));
  const after = new Map(b.report.rules.map((r) => [r.id as string, r]));
  const ids = [...after.keys(), ...[...before.keys()].filter((id) => !after.has(id))];
  const rules = ids.map((id) => ruleDiff(before.get(id), after.get(id)));
  const counts = Object.fromEntries(
    DIFF_CLASSES.map((c) => [c, rules.filter((r) => r.class === c).length]),
  ) as Record<DiffClass, number>;
  return { format: 1 as const, a: sideOf(a), b: sideOf(b), counts, rules };
}

/**
 * `regression`: failed in B, not in A; `fix`: failed in A, passed in B; `still-failing`; `changed`: any other
 * change of status, or of an INFO rule's observations; `unchanged`.
 */
export function classify(a: RuleStatus | null, b: RuleStatus | null, sameObservations = true): DiffClass {
  if (b === 'failed') return a === 'failed' ? 'still-failing' : 'regression';
  if (a === 'failed') return b === 'passed' ? 'fix' : 'changed';
  return a === b && sameObservations ? 'unchanged' : 'changed';
}

function ruleDiff(a: RuleResult | undefined, b: RuleResult | undefined) {
  const rule = (b ?? a) as RuleResult;
  const observations = { a: a?.observations ?? null, b: b?.observations ?? null };
  const same = stableJson(observations.a) === stableJson(observations.b);
  const kind = classify(a?.status ?? null, b?.status ?? null, same);
  // regression, still-failing: the first line of B's first failure, cut at 300 characters.
  const line = b?.checks.find((c) => c.status === 'failed')?.message?.split('\n')[0];
  const failure = kind === 'regression' || kind === 'still-failing' ? line : undefined;
  return {
    ...ruleHead(rule),
    a: a?.status ?? null,
    b: b?.status ?? null,
    class: kind,
    failure: failure && failure.length > 300 ? `${failure.slice(0, 300)}…` : failure || undefined,
    observations: rule.level === 'INFO' ? observations : undefined,
  };
}

/** How deep objects are opened into rows; deeper values are shown as JSON. */
const DEPTH = 2;

/** The observations of an INFO rule as `path → value text` rows (`missing token.status`), to set side by side. */
export function flattenObservations(observations: Readonly<Record<string, unknown>>): Map<string, string> {
  const rows = new Map<string, string>();
  const visit = (prefix: string, value: unknown, depth: number) => {
    if (isObject(value) && depth < DEPTH && Object.keys(value).length > 0)
      for (const [key, inner] of Object.entries(value))
        visit(prefix ? `${prefix}.${key}` : key, inner, depth + 1);
    else rows.set(prefix, value === undefined ? 'undefined' : stableJson(value));
  };
  visit('', observations, 0);
  return rows;
}

/** JSON with object keys sorted, so that equal values give equal text. */
function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isObject(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  );
}

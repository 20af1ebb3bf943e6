/** Judging every exchange by every exchange rule whose scope matches it, with a tally per rule. */
import type { RuleInfo } from '../catalogue/rule.ts';
import { ConformanceFailure, Skip } from '../check/failure.ts';
import type { Evidence } from '../http/evidence.ts';
import type { Answered, Credentials, Exchange, Method, SOURCE_KINDS, Source } from '../http/journal.ts';
import { isDeclined } from '../http/retry.ts';
import { Judgement, type JudgingContext } from './judgement.ts';

/** The areas whose rules judge every answer, whatever it asked (`http`: §1, §7; `authentication`: §5). */
const EVERY_ANSWER: readonly (string | undefined)[] = ['http', 'authentication'];

/** Most failures kept per rule. */
const MAX_FAILURES = 3;

export type SourceKind = (typeof SOURCE_KINDS)[number];

export interface ExchangeFailure {
  readonly message: string;
  readonly evidence: Evidence;
  readonly source: Source;
  /** A probe's minimal input and the command that replays it. */
  readonly note?: string;
}

/** What one exchange rule judged in a suite file (plain data). */
export interface RuleTally {
  readonly rule: RuleInfo;
  /** Exchanges judged (that asserted something). */
  judged: number;
  readonly bySource: Partial<Record<SourceKind, number>>;
  failed: number;
  readonly failures: ExchangeFailure[];
  /** A verdict that threw something other than a failure: a defect of the suite. */
  readonly errors: string[];
}

/**
 * Which answers a rule judges by status. A 5xx is the failure of the rule about 5xx, and of a rule that asks for
 * a refusal (scope `any`): a 5xx is no refusal. Other rules leave it alone (`not 5xx`).
 */
export type StatusScope = '2xx' | '4xx' | 'not 5xx' | 'any';

/** The exchanges an exchange rule applies to (`*`: any method or path). */
export interface Scope {
  readonly methods: readonly Method[];
  /** Path templates, `:name` for a parameter. */
  readonly paths: readonly string[];
  /** Default `2xx`; an answer declining the request for now (`Retry-After`) is never judged. */
  readonly status?: StatusScope;
  /** Default the run's token (which includes successful answers to the token `respelled`). */
  readonly credentials?: Credentials | 'any';
  /** Query parameters the request must carry (decoded names). */
  readonly query?: readonly string[];
}

/** A rule's verdict on one exchange: asserts with `t`, or ends without one when it is not its subject. */
export type ExchangeJudge = (x: Answered, t: Judgement) => void;

export interface ExchangeRule<Id extends string = string> extends RuleInfo<Id> {
  readonly exchange?: { readonly scope: Scope; readonly judge: ExchangeJudge };
}

type Judged = ExchangeRule & { readonly exchange: NonNullable<ExchangeRule['exchange']> };

export class Judging {
  readonly #rules: readonly Judged[];
  readonly #tallies = new Map<string, RuleTally>();
  readonly #failures = new WeakMap<Exchange, ConformanceFailure[]>();

  constructor(
    rules: readonly ExchangeRule[],
    private readonly context: JudgingContext,
  ) {
    this.#rules = requiredFirst(rules.filter((r): r is Judged => r.exchange !== undefined));
  }

  begin(): void {
    this.#tallies.clear();
  }

  judge(x: Exchange): ConformanceFailure[] {
    const failures: ConformanceFailure[] = [];
    if (!answered(x) || isDeclined(x.response.status, x.response.headers['retry-after'])) return failures;
    const failed = new Set<string>();
    // A refusal of a request a server may refuse (`probes/space/transformations.ts`) is an answer like any other:
    // the rules of every answer and of credentials judge it, not those of what the plain request asks.
    const refused = x.transformed?.relation === 'may refuse' && x.response.statusClass === '4xx';
    for (const rule of this.#rules) {
      if (!inScope(rule.exchange.scope, x)) continue;
      if (refused && !EVERY_ANSWER.includes(rule.area)) continue;
      if (rule.requires?.some((required) => failed.has(required.id))) continue;
      const failure = this.judgeWith(rule, x, (t) => rule.exchange.judge(x, t));
      if (!failure) continue;
      failed.add(rule.id);
      failures.push(failure);
    }
    if (failures.length > 0) this.#failures.set(x, failures);
    return failures;
  }

  failuresOf(x: Exchange): readonly ConformanceFailure[] {
    return this.#failures.get(x) ?? [];
  }

  /** Puts a failure first among its rule's evidence, with a note (a probe's minimal input and replay). */
  promote(x: Exchange, ruleId: string, note: string): void {
    const failure = this.#failures.get(x)?.find((f) => f.ruleId === ruleId);
    const tally = this.#tallies.get(ruleId);
    if (!failure || !tally) return;
    const kept = tally.failures.filter((f) => f.evidence !== x.evidence).slice(0, MAX_FAILURES - 1);
    const promoted = { message: failure.message, evidence: x.evidence, source: x.source, note };
    tally.failures.splice(0, tally.failures.length, promoted, ...kept);
  }

  /** The tallies of the rules that judged something or met an error. */
  tallies(): RuleTally[] {
    return [...this.#tallies.values()].filter((t) => t.judged > 0 || t.errors.length > 0);
  }

  /** Judges an exchange by one rule's verdict, tallied; returns the failure. */
  judgeWith(rule: RuleInfo, x: Exchange, judge: (t: Judgement) => void): ConformanceFailure | undefined {
    const t = new Judgement(rule, this.context);
    try {
      judge(t);
    } catch (error) {
      if (error instanceof ConformanceFailure) return this.#count(rule, x, error);
      if (error instanceof Skip) return undefined;
      const tally = this.#tally(rule);
      if (tally.errors.length < MAX_FAILURES)
        tally.errors.push(`${rule.id}: the verdict on ${x.method} ${x.target} threw: ${String(error)}`);
      return undefined;
    }
    if (t.assertions > 0) this.#count(rule, x);
    return undefined;
  }

  #count(rule: RuleInfo, x: Exchange, failure?: ConformanceFailure): ConformanceFailure | undefined {
    const tally = this.#tally(rule);
    tally.judged += 1;
    tally.bySource[x.source.kind] = (tally.bySource[x.source.kind] ?? 0) + 1;
    if (!failure) return undefined;
    tally.failed += 1;
    if (tally.failures.length < MAX_FAILURES)
      tally.failures.push({ message: failure.message, evidence: x.evidence, source: x.source });
    return failure;
  }

  #tally(rule: RuleInfo): RuleTally {
    if (!this.#tallies.has(rule.id))
      this.#tallies.set(rule.id, { rule, judged: 0, bySource: {}, failed: 0, failures: [], errors: [] });
    return this.#tallies.get(rule.id) as RuleTally;
  }
}

function answered(x: Exchange): x is Answered {
  return x.response !== undefined;
}

function inScope(scope: Scope, x: Answered): boolean {
  const { response } = x;
  if (!scope.methods.includes('*') && !scope.methods.includes(x.method)) return false;
  const credentials = scope.credentials ?? 'token';
  // The token spelled another way, once taken, is judged as the token.
  const taken = x.credentials === 'respelled' && credentials === 'token' && response.ok;
  if (x.credentials !== credentials && credentials !== 'any' && !taken) return false;
  const status = scope.status ?? '2xx';
  if (status === 'not 5xx' ? response.status >= 500 : status !== 'any' && response.statusClass !== status)
    return false;
  if (!scope.paths.includes('*') && !scope.paths.includes(x.template)) return false;
  return !scope.query?.some((name) => !x.query.has(name));
}

/** The rules in their order, each after the rules it requires. */
function requiredFirst<R extends RuleInfo>(rules: readonly R[]): R[] {
  const out: R[] = [];
  const visit = (r: R, path: readonly string[]) => {
    if (out.includes(r)) return;
    if (path.includes(r.id)) throw new Error(`rules that require each other: ${[...path, r.id].join(' → ')}`);
    for (const required of r.requires ?? []) {
      const declared = rules.find((other) => other.id === required.id);
      if (declared) visit(declared, [...path, r.id]);
    }
    out.push(r);
  };
  for (const r of rules) visit(r, []);
  return out;
}

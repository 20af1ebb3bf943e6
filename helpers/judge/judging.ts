/**
 * Judging the journal: every entry, as it is recorded, by every exchange rule whose scope matches it. Each
 * rule keeps a tally: how many exchanges it judged, by what sent them, and the first failures with their
 * evidence and sender. The tallies of a suite file travel to the report with the file's last test
 * (`helpers/run/suite.ts`); the command line judges its own requests (preflight, cleanup) the same way.
 */

import { getRule, type RuleId } from '../catalogue/rules.ts';
import { ConformanceFailure, PrerequisiteError } from '../check/failure.ts';
import type { Exchange } from '../http/exchange.ts';
import type { Entry, SOURCE_KINDS, Source } from '../http/journal.ts';
import { isDeclined } from '../http/retry.ts';
import { type Answer, answerOf } from './answer.ts';
import type { Knowledge } from './knowledge.ts';
import type { ExchangeVerdict, RuleDeclaration } from './rule.ts';
import { Verdict } from './verdict.ts';

/** Most failures kept per rule (the first ones, and a probe's minimal input first of all). */
const MAX_FAILURES = 3;

export type SourceKind = (typeof SOURCE_KINDS)[number];

/** One failure of an exchange rule: the message, the exchange and what sent it. */
export interface ExchangeFailure {
  readonly message: string;
  readonly exchange: Exchange;
  readonly source: Source;
  /** What a probe found on shrinking: the minimal input and the command that replays it. */
  readonly note?: string;
}

/** What one exchange rule judged in a suite file (plain data: it travels in a test's meta). */
export interface RuleTally {
  readonly ruleId: RuleId;
  /** Exchanges judged (that asserted something). */
  judged: number;
  readonly bySource: Partial<Record<SourceKind, number>>;
  /** Exchanges that failed. */
  failed: number;
  readonly failures: ExchangeFailure[];
  /** A verdict that threw something other than a failure: a defect of the suite. */
  readonly errors: string[];
}

interface Judged {
  readonly ruleId: RuleId;
  readonly failure?: ConformanceFailure;
}

export class Judging {
  readonly #rules: readonly { readonly id: RuleId; readonly exchange: ExchangeVerdict }[];
  readonly #tallies = new Map<RuleId, RuleTally>();
  readonly #failures = new WeakMap<Entry, ConformanceFailure[]>();

  constructor(
    rules: readonly RuleDeclaration<never>[],
    private readonly known: Knowledge,
  ) {
    this.#rules = rules.flatMap((r) => (r.exchange ? [{ id: r.id, exchange: r.exchange }] : []));
  }

  /** Forgets the tallies of an earlier suite file. */
  begin(): void {
    this.#tallies.clear();
  }

  /** Judges an entry by every rule whose scope matches; returns the failures. */
  judge(entry: Entry): ConformanceFailure[] {
    const failures: ConformanceFailure[] = [];
    if (!entry.response || isDeclined(entry.response.status, entry.response.headers['retry-after'])) {
      return failures;
    }
    for (const rule of this.#rules) {
      const judged = this.#judgeOne(rule, entry);
      if (!judged) continue;
      this.#count(judged, entry);
      if (judged.failure) failures.push(judged.failure);
    }
    if (failures.length > 0) this.#failures.set(entry, failures);
    return failures;
  }

  /** The failures of an entry already judged. */
  failuresOf(entry: Entry): readonly ConformanceFailure[] {
    return this.#failures.get(entry) ?? [];
  }

  /** Puts a failure first among its rule's evidence, with a note (a probe's minimal input and replay). */
  promote(entry: Entry, ruleId: RuleId, note: string): void {
    const failure = this.#failures.get(entry)?.find((f) => f.ruleId === ruleId);
    if (!failure) return;
    const tally = this.#tally(ruleId);
    const kept = tally.failures.filter((f) => f.exchange !== entry.exchange);
    tally.failures.splice(0, tally.failures.length, {
      message: failure.message,
      exchange: entry.exchange,
      source: entry.source,
      note,
    });
    tally.failures.push(...kept.slice(0, MAX_FAILURES - 1));
  }

  /** The tallies of the rules that judged something or met an error, in catalogue order of declaration. */
  tallies(): RuleTally[] {
    return [...this.#tallies.values()].filter((t) => t.judged > 0 || t.errors.length > 0);
  }

  /**
   * Judges by one rule what an entry ends (a walk through `links.next` that a recording of traffic holds,
   * `cli/traffic/walks.ts`), tallied like an exchange rule's verdict on the entry; returns the failure.
   */
  judgeWith(ruleId: RuleId, entry: Entry, judge: (t: Verdict) => void): ConformanceFailure | undefined {
    const judged = this.#verdict(ruleId, entry, judge);
    if (judged) this.#count(judged, entry);
    return judged?.failure;
  }

  #judgeOne(rule: { id: RuleId; exchange: ExchangeVerdict }, entry: Entry): Judged | undefined {
    const answer = scoped(rule.exchange, entry);
    if (!answer) return undefined;
    return this.#verdict(rule.id, entry, (t) => rule.exchange.judge(answer, t, this.known));
  }

  #verdict(ruleId: RuleId, entry: Entry, judge: (t: Verdict) => void): Judged | undefined {
    const t = new Verdict(getRule(ruleId));
    try {
      judge(t);
    } catch (error) {
      if (error instanceof ConformanceFailure) return { ruleId, failure: error };
      if (error instanceof PrerequisiteError) return undefined;
      const tally = this.#tally(ruleId);
      if (tally.errors.length < MAX_FAILURES) {
        tally.errors.push(`${ruleId}: the verdict on ${entry.method} ${entry.path} threw: ${String(error)}`);
      }
      return undefined;
    }
    return t.assertions > 0 ? { ruleId } : undefined;
  }

  #count(judged: Judged, entry: Entry): void {
    const tally = this.#tally(judged.ruleId);
    tally.judged += 1;
    tally.bySource[entry.source.kind] = (tally.bySource[entry.source.kind] ?? 0) + 1;
    if (!judged.failure) return;
    tally.failed += 1;
    if (tally.failures.length < MAX_FAILURES) {
      tally.failures.push({
        message: judged.failure.message,
        exchange: entry.exchange,
        source: entry.source,
      });
    }
  }

  #tally(ruleId: RuleId): RuleTally {
    let tally = this.#tallies.get(ruleId);
    if (!tally) {
      tally = { ruleId, judged: 0, bySource: {}, failed: 0, failures: [], errors: [] };
      this.#tallies.set(ruleId, tally);
    }
    return tally;
  }
}

/** The answer of an entry as the rule reads it, when the rule's scope matches the entry. */
export function scoped(verdict: ExchangeVerdict, entry: Entry): Answer | undefined {
  const { scope } = verdict;
  const { response } = entry;
  if (!response || !scope.methods.includes(entry.method)) return undefined;
  if (entry.credentials !== (scope.credentials ?? 'token') && scope.credentials !== 'any') return undefined;
  const status = scope.status ?? '2xx';
  if (status === 'not 5xx' ? response.status >= 500 : status !== 'any' && response.statusClass !== status) {
    return undefined;
  }
  for (const template of scope.paths) {
    const answer = answerOf(entry, template);
    if (!answer) continue;
    if (scope.query?.some((name) => !answer.query.has(name))) return undefined;
    return answer;
  }
  return undefined;
}

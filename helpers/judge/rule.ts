/**
 * How a rule is declared: once, in its own file under `rules/` (named after its ID), with the two ways it can
 * be decided.
 * - `exchange`: a verdict on one request and its answer, and the exchanges it applies to (method, path
 *   templates, status class, credentials). Every exchange of the journal that the scope matches is judged by
 *   it, whatever sent it: a check, a boundary value, a generated input, a replay, a provisioning step.
 * - `flows`: checks over several exchanges (a walk visits every record once, a refused request changes
 *   nothing), declared with `check()` against the probes of the rule's area. Their exchanges are judged by the
 *   exchange rules too.
 */
import type { RuleId } from '../catalogue/rules.ts';
import type { Method } from '../http/journal.ts';
import type { Answer } from './answer.ts';
import type { Knowledge } from './knowledge.ts';
import type { Verdict } from './verdict.ts';

/**
 * Which answers a rule judges by status: success, refusal, any but a 5xx (a 5xx is HTTP-NO-5XX's failure
 * alone: a rule that asks for a refusal leaves it to that rule), or any answer at all.
 */
export type StatusScope = '2xx' | '4xx' | 'not 5xx' | 'any';

/** The exchanges an exchange rule applies to. */
export interface Scope {
  readonly methods: readonly Method[];
  /** Path templates, `:name` for a parameter (`/v2/orders/:orderId/transactions`); `*` for any path. */
  readonly paths: readonly string[];
  /** Default `2xx`. An answer that declines the request for now (429 / 503 with `Retry-After`) is never judged. */
  readonly status?: StatusScope;
  /** What the request carried; default the run's token: a rule about answers to valid requests. */
  readonly credentials?: Answer['credentials'] | 'any';
  /** Query parameters the request must carry (decoded names, e.g. `page[limit]`). */
  readonly query?: readonly string[];
}

/** A rule's verdict on one exchange: asserts with `t`; `t.need`/`t.skip` when the exchange is not its subject. */
export type ExchangeJudge = (x: Answer, t: Verdict, known: Knowledge) => void;

export interface ExchangeVerdict {
  readonly scope: Scope;
  readonly judge: ExchangeJudge;
}

/** A rule as declared in its file: its ID, and its exchange verdict and/or its flows. */
export interface RuleDeclaration<P = never> {
  readonly id: RuleId;
  readonly exchange?: ExchangeVerdict;
  /**
   * Declares the rule's checks over several exchanges, given the probes of its area. A method (bivariant in
   * its parameter), so that an area's index lists its exchange-only rules (`RuleDeclaration<never>`) beside
   * those with flows as `RuleDeclaration<AreaProbes>[]`.
   */
  flows?(probes: P): void;
}

/** Declares a rule (the one way to: see the module comment). */
export function rule<P = never>(id: RuleId, parts: Omit<RuleDeclaration<P>, 'id'>): RuleDeclaration<P> {
  return { id, ...parts };
}

/** The scope and verdict of an exchange rule (typed, so that the judge's parameters need no annotation). */
export function onExchanges(scope: Scope, judge: ExchangeJudge): ExchangeVerdict {
  return { scope, judge };
}

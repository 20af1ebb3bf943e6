import type { RuleId, RuleLevel } from '../catalogue/rules.ts';
import type { Exchange } from '../http/exchange.ts';
import type { DepthRecord } from '../inputs/record.ts';

/** What a check leaves for reporters in `task.meta.conformance`, whatever its outcome. */
export interface CheckRecord {
  readonly ruleId: RuleId;
  readonly level: RuleLevel;
  readonly section: string;
  /** The exchanges the check made or relied on, in order (redacted). */
  readonly exchanges: Exchange[];
  /** INFO rules: what was observed. */
  readonly observations: Record<string, unknown>;
  assertions: number;
  /** Set when a request got no HTTP answer: the check was not evaluated. */
  notEvaluated?: string;
  /** An input's request got no HTTP answer (the input was not judged; the check was, on the others). */
  unanswered?: string;
  /** The request was declined (429 / 503 with `Retry-After`) for longer than it may wait: the target answers. */
  declined?: boolean;
  /** How many distinct inputs the check judged (and, deep, what its exploration spent); see helpers/inputs. */
  depth?: DepthRecord;
}

declare module 'vitest' {
  interface TaskMeta {
    conformance?: CheckRecord;
  }
}

import type { Outcome } from '../helpers/check/outcome.ts';

/** Consecutive checks not evaluated for lack of an answer before the target is probed. */
export const BREAKER_THRESHOLD = 5;

/**
 * The circuit breaker of a run: after {@link BREAKER_THRESHOLD} consecutive checks that got no answer at all,
 * it asks `probe` whether the target still answers; when it does not, `trip` is called once with the reason.
 */
export class CircuitBreaker {
  #consecutive = 0;
  #probing = false;
  #tripped = false;

  constructor(
    private readonly probe: () => Promise<string | undefined>,
    private readonly trip: (reason: string) => void,
    private readonly threshold = BREAKER_THRESHOLD,
  ) {}

  observe(check: Outcome): void {
    if (this.#tripped) return;
    if (!check.transport) {
      // A target that declines requests (429 / 503 with Retry-After) answers: it never trips the breaker.
      if (check.status !== 'error' || check.declined) this.#consecutive = 0;
      return;
    }
    this.unanswered(check.message ?? '');
  }

  /** A check or a probe that got no answer at all. */
  unanswered(reason: string): void {
    if (this.#tripped) return;
    this.#consecutive += 1;
    if (this.#consecutive < this.threshold || this.#probing) return;
    this.#probing = true;
    const count = this.#consecutive;
    void this.probe().then((failure) => {
      this.#probing = false;
      if (failure === undefined) {
        this.#consecutive = 0;
        return;
      }
      this.#tripped = true;
      this.trip(
        `${count} checks in a row got no answer (last: ${reason.replace(/^not evaluated: /, '')}), and ${failure}`,
      );
    });
  }
}

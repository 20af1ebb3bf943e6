import type { Outcome } from '../helpers/check/outcome.ts';

/** Consecutive checks not evaluated for lack of an answer before the target is probed. */
export const BREAKER_THRESHOLD = 5;

/**
 * The circuit breaker of a run: counts consecutive checks that were not evaluated because a request got no
 * answer at all (a target that declines requests is answering: it is slowed down for, never given up on); at {@link BREAKER_THRESHOLD} it asks `probe` whether the target still answers. When it does
 * not, `trip` is called once with the reason, and the run stops. Any check that got answers resets the count.
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

  get tripped(): boolean {
    return this.#tripped;
  }

  observe(check: Outcome): void {
    if (this.#tripped) return;
    if (!check.transport) {
      // A target that declines requests (429 / 503 with Retry-After) answers: it asks to slow down, and the
      // client does; it never trips the breaker.
      if (check.status !== 'error' || check.declined) this.#consecutive = 0;
      return;
    }
    this.#consecutive += 1;
    if (this.#consecutive < this.threshold || this.#probing) return;
    this.#probing = true;
    const last = check.message ?? '';
    const count = this.#consecutive;
    void this.probe().then((failure) => {
      this.#probing = false;
      if (failure === undefined) {
        this.#consecutive = 0;
        return;
      }
      this.#tripped = true;
      this.trip(
        `${count} checks in a row got no answer (last: ${last.replace(/^not evaluated: /, '')}), and ${failure}`,
      );
    });
  }
}

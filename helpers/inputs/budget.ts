/** Thrown instead of sending a request that the share of the request budget has no room for. */
export class BudgetExhausted extends Error {
  override readonly name = 'BudgetExhausted';
}

/**
 * One exploration's share of the deep profile's request budget (see `allocation.ts`). The client counts every
 * attempt of a request sent in a context that carries it (`helpers/http/journal.ts`), and it refuses, before
 * sending, the one that would go beyond the share. Exploring may use all but a reserve of the share, so that
 * which inputs are explored does not depend on whether one failed; shrinking a failing input may use the rest.
 */
export class RequestBudget {
  #used = 0;
  /** The most requests that may be used now: the exploring part, or the whole share once shrinking. */
  #limit: number;

  constructor(
    readonly allowance: number,
    /** The part of the share kept for shrinking. */
    reserve = 0,
  ) {
    this.#limit = Math.ceil(allowance * (1 - reserve));
  }

  get used(): number {
    return this.#used;
  }

  /** From now on the whole share may be used (shrinking a failing input). */
  openReserve(): void {
    this.#limit = this.allowance;
  }

  /** Counts one request; throws {@link BudgetExhausted} (and counts nothing) when none is left. */
  take(): void {
    if (this.#used >= this.#limit) {
      throw new BudgetExhausted(`the exploration's share of the request budget (${this.allowance}) is spent`);
    }
    this.#used += 1;
  }
}

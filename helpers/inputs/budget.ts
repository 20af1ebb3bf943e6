/** Thrown instead of sending a request that the share of the request budget has no room for. */
export class BudgetExhausted extends Error {
  override readonly name = 'BudgetExhausted';
}

/**
 * One exploration's share of the request budget, counted per attempt. Exploring leaves a reserve
 * for shrinking, so that which inputs are explored does not depend on whether one failed.
 */
export class RequestBudget {
  #used = 0;
  /** The most requests that may be used now: the exploring part, or the whole share once shrinking. */
  #limit: number;

  constructor(
    readonly allowance: number,
    reserve = 0,
  ) {
    this.#limit = Math.ceil(allowance * (1 - reserve));
  }

  get used(): number {
    return this.#used;
  }

  /** From now on the whole share may be used. */
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

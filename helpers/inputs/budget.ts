/** Thrown instead of sending a request that the share of the request budget has no room for. */
export class BudgetExhausted extends Error {
  override readonly name = 'BudgetExhausted';
}

/** What the rows of one worker thread left unspent, lent a request at a time to the rows that go on. */
export type RequestPool = { left: number };

/**
 * One exploration's share of the request budget, counted per attempt. Exploring leaves a reserve
 * for shrinking, so that which inputs are explored does not depend on whether one failed. Past its share,
 * a row borrows from the pool; when the last of its runs ends, what the share left is lent to the pool.
 */
export class RequestBudget {
  used = 0;
  /** The exploring part of the share, or all of it once shrinking (plus the borrowed, less the lent). */
  #limit: number;
  #runs = 0;
  borrowed = 0;
  lent = 0;

  constructor(
    readonly allowance: number,
    reserve = 0,
    readonly pool: RequestPool = { left: 0 },
  ) {
    this.#limit = Math.ceil(allowance * (1 - reserve));
  }

  /** From now on the whole share may be used. */
  openReserve(): void {
    this.#limit = this.allowance;
  }

  /** Counts one request (past the share, borrowed while the pool lends and `cap` is not reached); throws
   * {@link BudgetExhausted} (and counts nothing) when none is left. */
  take(cap = Number.POSITIVE_INFINITY): void {
    if (this.used >= this.#limit + this.borrowed - this.lent) {
      if (this.pool.left <= 0 || this.borrowed >= cap)
        throw new BudgetExhausted(
          `the exploration's share of the request budget (${this.allowance}) is spent`,
        );
      this.pool.left -= 1;
      this.borrowed += 1;
    }
    this.used += 1;
  }

  /** A run of the row starts exploring with this share. */
  begin(): void {
    this.#runs += 1;
  }

  /** A run ended: the row's last lends what the share left, its reserve included. */
  end(): void {
    this.#runs -= 1;
    if (this.#runs > 0) return;
    const rest = this.allowance + this.borrowed - this.lent - this.used;
    this.pool.left += rest;
    this.lent += rest;
  }
}

/** How many requests one client has in flight at once: AIMD while the target declines them. */

export const MAX_PACE = 64;

export class Pace {
  /** How many requests may be in flight at once. */
  limit = Number.POSITIVE_INFINITY;
  #inFlight = 0;
  #waiting: (() => void)[] = [];

  /** Waits for a slot; returns the function that gives it back (once). */
  async slot(): Promise<() => void> {
    while (this.#inFlight >= this.limit) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    this.#inFlight += 1;
    let given = false;
    return () => {
      if (given) return;
      given = true;
      this.#inFlight -= 1;
      this.#wake();
    };
  }

  /** The target declined a request: half as many at once. */
  slowDown(): void {
    this.limit = Math.max(1, Math.floor(Math.min(this.limit, this.#inFlight + 1) / 2));
  }

  /** The target answered a request: a little more at once. */
  answered(): void {
    if (this.limit === Number.POSITIVE_INFINITY) return;
    this.limit += 1 / this.limit;
    if (this.limit >= MAX_PACE) this.limit = Number.POSITIVE_INFINITY;
    this.#wake();
  }

  #wake(): void {
    for (const resolve of this.#waiting.splice(0)) resolve();
  }
}

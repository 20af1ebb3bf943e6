import { ApiClient, type Method, type RequestOptions } from '../http/client.ts';
import type { ApiResponse } from '../http/response.ts';

/** Thrown instead of sending a request that the exploration's share of the budget has no room for. */
export class BudgetExhausted extends Error {
  override readonly name = 'BudgetExhausted';
}

/**
 * One exploration's share of the deep profile's request budget (see `allocation.ts`): it counts every
 * request sent through it and refuses, before sending, the one that would go beyond the share.
 */
export class RequestBudget {
  #used = 0;

  constructor(readonly allowance: number) {}

  /** Requests sent so far. */
  get used(): number {
    return this.#used;
  }

  /** Requests left. */
  get remaining(): number {
    return this.allowance - this.#used;
  }

  /** Counts one request; throws {@link BudgetExhausted} (and counts nothing) when none is left. */
  take(): void {
    if (this.#used >= this.allowance) {
      throw new BudgetExhausted(`the exploration's share of the request budget (${this.allowance}) is spent`);
    }
    this.#used += 1;
  }
}

/**
 * A client that sends through `base` (whose exchanges stay evidence of the check) and counts each request
 * against `budget`. It never retries: a retry would be a request the budget did not count, so a request
 * without an answer ends the exploration as not evaluated instead.
 */
export class BudgetedClient {
  readonly #client: ApiClient;

  constructor(
    base: ApiClient,
    readonly budget: RequestBudget,
  ) {
    const retry = { ...(base.options.retry ?? { baseDelayMs: 0, maxDelayMs: 0, maxRetryAfterMs: 0 }) };
    this.#client = new ApiClient({ ...base.options, retry: { ...retry, retries: 0 } });
  }

  get(path: string, options?: RequestOptions): Promise<ApiResponse> {
    return this.send('GET', path, options);
  }

  post(path: string, options?: RequestOptions): Promise<ApiResponse> {
    return this.send('POST', path, options);
  }

  delete(path: string, options?: RequestOptions): Promise<ApiResponse> {
    return this.send('DELETE', path, options);
  }

  /** Sends one request, counted; throws {@link BudgetExhausted} before sending when the share is spent. */
  send(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse> {
    this.budget.take();
    return this.#client.send(method, path, options);
  }
}

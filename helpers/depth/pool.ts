import type { ApiClient, Method, RequestOptions } from '../http/client.ts';
import type { ApiResponse } from '../http/response.ts';
import { allowanceOf, type ExplorationName } from './allocation.ts';
import { BudgetExhausted, BudgetedClient, RequestBudget } from './budget.ts';
import { explorationSeed } from './seed.ts';

/** The part of a pool's share kept for shrinking: exploring stops when only this much is left. */
export const SHRINK_RESERVE = 0.25;

/**
 * One row of the allocation table shared by several checks (one per rule) that judge the same generated
 * inputs: they draw from the same seed, so they draw the same inputs in the same order, and a GET answer is
 * fetched once and judged by every rule (so each rule reports its own failure, and only its own). The share
 * is spent in two parts: exploring may use all but {@link SHRINK_RESERVE} of it, so that which inputs are
 * explored does not depend on which check ran first; shrinking a failing input may use the rest.
 */
export class ExplorationPool {
  readonly seed: number;
  readonly budget: RequestBudget;
  /** Requests exploring may use; the rest is for shrinking. */
  readonly exploreLimit: number;
  readonly #shared = new Map<string, Promise<unknown>>();

  constructor(
    readonly name: ExplorationName,
    run: { readonly seed: number; readonly requestBudget: number },
  ) {
    this.seed = explorationSeed(run.seed, name);
    this.budget = new RequestBudget(allowanceOf(name, run.requestBudget));
    this.exploreLimit = Math.ceil(this.budget.allowance * (1 - SHRINK_RESERVE));
  }

  /** A client for one check: its requests recorded by `base`, counted against the pool, GETs shared. */
  client(base: ApiClient, onShared: (response: ApiResponse) => void): PoolClient {
    return new PoolClient(this, new BudgetedClient(base, this.budget), onShared);
  }

  /** The shared answer of a GET, fetched once by whichever check asks first. */
  sharedGet(
    key: string,
    fetch: () => Promise<ApiResponse>,
  ): { answer: Promise<ApiResponse>; fresh: boolean } {
    const { value, fresh } = this.shared(`GET ${key}`, fetch);
    return { answer: value, fresh };
  }

  /**
   * A value shared by the checks of the pool under `key` (a GET answer, a settled walk of several requests):
   * made once, by whichever check asks first; made again after a failure (a spent share, a lost answer), so
   * that a failure is never shared.
   */
  shared<T>(key: string, make: () => Promise<T>): { value: Promise<T>; fresh: boolean } {
    const known = this.#shared.get(key);
    if (known) return { value: known as Promise<T>, fresh: false };
    const value = make();
    this.#shared.set(key, value);
    value.catch(() => this.#shared.delete(key));
    return { value, fresh: true };
  }
}

/** What a check's judge sends through: a budgeted client whose GETs the checks of its pool share. */
export class PoolClient {
  /** Whether the check is shrinking a failing input (it may then spend the pool's reserve). */
  shrinking = false;
  /** Requests this check paid for. */
  paid = 0;

  constructor(
    readonly pool: ExplorationPool,
    private readonly client: BudgetedClient,
    private readonly onShared: (response: ApiResponse) => void,
  ) {}

  /** A GET, shared with the other checks of the pool (the answer is this check's evidence too). */
  async get(path: string, options?: RequestOptions): Promise<ApiResponse> {
    if (options?.json !== undefined || options?.raw !== undefined) return this.send('GET', path, options);
    const key = `${JSON.stringify(options?.auth ?? 'token')} ${JSON.stringify(options?.headers ?? {})} ${path}`;
    const { answer, fresh } = this.pool.sharedGet(key, () => this.send('GET', path, options));
    const response = await answer;
    if (!fresh) this.onShared(response);
    return response;
  }

  /**
   * A value of several requests (a settled walk) made once for the checks of the pool: `make` sends through
   * this check's client when it asks first; the other checks get the same value, with `evidence(value)`
   * added to their own evidence.
   */
  async memo<T>(
    key: string,
    make: () => Promise<T>,
    evidence: (value: T) => readonly ApiResponse[],
  ): Promise<T> {
    const { value, fresh } = this.pool.shared(`memo ${key}`, make);
    const made = await value;
    if (!fresh) for (const response of evidence(made)) this.onShared(response);
    return made;
  }

  /**
   * Sends one request (not shared), counted against the pool; refused with {@link BudgetExhausted} past the
   * exploring part of the share, or past the whole share when shrinking.
   */
  async send(method: Method, path: string, options?: RequestOptions): Promise<ApiResponse> {
    const limit = this.shrinking ? this.pool.budget.allowance : this.pool.exploreLimit;
    if (this.pool.budget.used >= limit) {
      throw new BudgetExhausted(`the exploration ${this.pool.name} spent its share`);
    }
    const response = this.client.send(method, path, options);
    this.paid += 1;
    return response;
  }
}

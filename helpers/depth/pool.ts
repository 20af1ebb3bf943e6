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
  readonly #answers = new Map<string, Promise<ApiResponse>>();

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
    const known = this.#answers.get(key);
    if (known) return { answer: known, fresh: false };
    const answer = fetch();
    this.#answers.set(key, answer);
    answer.catch(() => this.#answers.delete(key));
    return { answer, fresh: true };
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

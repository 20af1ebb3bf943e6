/**
 * When the HTTP client sends a request again, and how long it waits first.
 * - A transport error (no HTTP answer) is retried for GET, HEAD, PUT and DELETE, safe to repeat; POST and
 *   PATCH only when the request provably never reached the target (connection refused, host not found): after
 *   a reset or a timeout the target may have acted on it, and a payment or a capture sent twice could double.
 * - A 429 or 503 with `Retry-After` (seconds or an HTTP date) is the target declining the request for now: it
 *   is retried whatever the method, after the time asked (at most {@link RetryPolicy.maxRetryAfterMs} each
 *   time, else given up at once), as often as it asks, until the request has waited
 *   {@link RetryPolicy.maxThrottledMs} in all: a target that asks to slow down is slowed down for, never
 *   given up on at the first few refusals. Without `Retry-After`, a 429 or 503 is the answer, and is judged.
 * - Every other answer is final. Waits grow exponentially with random jitter; attempts are bounded.
 */

/** The bounds of retrying. */
export interface RetryPolicy {
  /** Retries after a transport failure (0: never retry anything, a declined request neither). */
  readonly retries: number;
  /** First backoff after a transport error, in ms; doubled at each retry. */
  readonly baseDelayMs: number;
  /** Longest backoff after a transport error, in ms. */
  readonly maxDelayMs: number;
  /** Longest `Retry-After` honoured, in ms: a target asking for longer is given up on. */
  readonly maxRetryAfterMs: number;
  /** Longest time one request waits in all for a target that keeps declining it, in ms. */
  readonly maxThrottledMs: number;
}

/** The policy of the suite (CONFORMANCE_RETRIES sets `retries`). */
export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  retries: 3,
  baseDelayMs: 200,
  maxDelayMs: 2_000,
  maxRetryAfterMs: 10_000,
  maxThrottledMs: 120_000,
};

/** Why a request got no HTTP answer. */
export type TransportFailure = 'refused' | 'dns' | 'reset' | 'timeout' | 'other';

/** What one attempt gave. */
export type AttemptOutcome =
  | { readonly kind: 'response'; readonly status: number; readonly retryAfter?: string }
  | { readonly kind: 'transport'; readonly failure: TransportFailure };

/** Whether to try again, and after how long. */
export type RetryDecision = { readonly retry: false } | { readonly retry: true; readonly delayMs: number };

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/**
 * The `Retry-After` header as a wait in ms: delta-seconds or an HTTP date (RFC 9110 §10.2.3). Undefined when
 * absent or unreadable; a date in the past is 0.
 */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A 429 or 503 with a readable `Retry-After`: the target declined the request for now. */
export function isDeclined(status: number, retryAfter: string | undefined): boolean {
  return (status === 429 || status === 503) && parseRetryAfter(retryAfter) !== undefined;
}

/**
 * Decides whether a `method` request that gave `outcome` is retried, and after how long: `attempt` counts
 * the transport failures so far (1 for the first), `throttledMs` the time it already waited for a target that
 * declined it. `random` (0 to 1) spreads the waits (jitter).
 */
export function decideRetry(
  method: string,
  outcome: AttemptOutcome,
  attempt: number,
  policy: RetryPolicy,
  random: () => number = Math.random,
  throttledMs = 0,
): RetryDecision {
  if (policy.retries === 0) return { retry: false };
  if (outcome.kind === 'response') {
    if (outcome.status !== 429 && outcome.status !== 503) return { retry: false };
    const wait = parseRetryAfter(outcome.retryAfter);
    if (wait === undefined || wait > policy.maxRetryAfterMs) return { retry: false };
    const delayMs = wait + Math.round(random() * 50);
    return throttledMs + delayMs > policy.maxThrottledMs ? { retry: false } : { retry: true, delayMs };
  }
  if (attempt > policy.retries) return { retry: false };
  const neverSent = outcome.failure === 'refused' || outcome.failure === 'dns';
  if (!IDEMPOTENT.has(method.toUpperCase()) && !neverSent) return { retry: false };
  const backoff = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** (attempt - 1));
  return { retry: true, delayMs: Math.round(backoff * (0.5 + random() / 2)) };
}

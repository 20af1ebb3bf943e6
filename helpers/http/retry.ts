/**
 * When the HTTP client sends a request again. A transport error is retried for idempotent methods, and for
 * others only when the request provably never reached the target (a payment sent twice could double).
 * A 429 or 503 with `Retry-After` is retried whatever the method, within {@link RetryPolicy}'s bounds.
 */

export const DEFAULT_RETRY_POLICY = {
  /** Retries after a transport failure (0: never retry anything). */
  retries: 3,
  /** First backoff after a transport error, in ms; doubled at each retry. */
  baseDelayMs: 200,
  maxDelayMs: 2_000,
  /** Longest `Retry-After` honoured, in ms. */
  maxRetryAfterMs: 10_000,
  /** Longest time one request waits in all for a target that keeps declining it, in ms. */
  maxThrottledMs: 120_000,
};

export type RetryPolicy = Readonly<typeof DEFAULT_RETRY_POLICY>;

export type TransportFailure = 'refused' | 'dns' | 'reset' | 'timeout' | 'other';

type AttemptOutcome =
  | { readonly kind: 'response'; readonly status: number; readonly retryAfter?: string }
  | { readonly kind: 'transport'; readonly failure: TransportFailure };

type RetryDecision = { readonly retry: false } | { readonly retry: true; readonly delayMs: number };

const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

/** The `Retry-After` header as a wait in ms (RFC 9110 §10.2.3); undefined when absent or unreadable. */
export function parseRetryAfter(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) return undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  if (!/[a-z]/i.test(text)) return undefined;
  const date = Date.parse(text);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** A 429 or 503 with a readable `Retry-After`: the target declined the request for now. */
export const isDeclined = (status: number, retryAfter: string | undefined): boolean =>
  (status === 429 || status === 503) && parseRetryAfter(retryAfter) !== undefined;

/** Whether a request is retried and after how long; `attempt` counts the transport failures so far. */
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

/**
 * Comparisons across several requests on a listing that others may change at the same time (other suites,
 * other clients of a shared target). A discrepancy between requests only counts when it is reproduced: the
 * same requests, sent again, answer exactly the same records, so the listing provably held still (within the
 * accuracy of the signature) and the discrepancy is the target's own.
 */

/** What {@link settle} concluded. */
export type Settled<T> =
  /** The last attempt showed no discrepancy. */
  | { readonly outcome: 'consistent'; readonly value: T; readonly attempts: number }
  /** Two consecutive attempts answered the same and both showed these discrepancies. */
  | {
      readonly outcome: 'reproduced';
      readonly value: T;
      readonly problems: readonly string[];
      readonly attempts: number;
    }
  /** Every attempt showed discrepancies, and no two consecutive ones answered the same. */
  | {
      readonly outcome: 'unsettled';
      readonly value: T;
      readonly problems: readonly string[];
      readonly attempts: number;
    };

export interface SettleOptions<T> {
  /** One attempt: sends the requests and returns what came back. */
  readonly attempt: () => Promise<T>;
  /** The discrepancies of an attempt (empty: consistent). */
  readonly problems: (value: T) => readonly string[];
  /** What identifies the listing state an attempt saw (ids per page, totals); equal signatures = held still. */
  readonly signature: (value: T) => string;
  /** At most this many attempts (default 3). */
  readonly maxAttempts?: number;
  /** The pause before the second attempt, doubled before each later one (ms; default {@link FIRST_PAUSE_MS}). */
  readonly pauseMs?: number;
}

/**
 * The pause before the second attempt, doubled before each later one: another client's writes come in bursts,
 * and spread attempts are likelier to find the listing between two of them.
 */
export const FIRST_PAUSE_MS = 25;

/**
 * Runs `attempt` until it shows no discrepancy, or until two consecutive attempts answer the same (the
 * discrepancy is reproduced), or `maxAttempts` are spent (unsettled: the listing changed every time), pausing
 * before each attempt after the first.
 */
export async function settle<T>(options: SettleOptions<T>): Promise<Settled<T>> {
  const maxAttempts = Math.max(1, options.maxAttempts ?? 3);
  let previous: string | undefined;
  let value = await options.attempt();
  for (let attempts = 1; ; attempts += 1) {
    const problems = options.problems(value);
    if (problems.length === 0) return { outcome: 'consistent', value, attempts };
    const signature = options.signature(value);
    if (previous !== undefined && previous === signature)
      return { outcome: 'reproduced', value, problems, attempts };
    if (attempts >= maxAttempts) return { outcome: 'unsettled', value, problems, attempts };
    previous = signature;
    const pause = (options.pauseMs ?? FIRST_PAUSE_MS) * 2 ** (attempts - 1);
    await new Promise((resolve) => setTimeout(resolve, pause));
    value = await options.attempt();
  }
}

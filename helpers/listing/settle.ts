/** Comparisons across requests on a listing others may change: a discrepancy counts only when reproduced. */

/**
 * `consistent`: the last attempt showed no discrepancy; `reproduced`: two consecutive attempts answered the
 * same with discrepancies; `unsettled`: the listing changed every time.
 */
export type Settled<T> = { readonly value: T; readonly attempts: number } & (
  | { readonly outcome: 'consistent' }
  | { readonly outcome: 'reproduced' | 'unsettled'; readonly problems: readonly string[] }
);

interface SettleOptions<T> {
  readonly attempt: () => Promise<T>;
  /** The discrepancies of an attempt (empty: consistent). */
  readonly problems: (value: T) => readonly string[];
  /** What identifies the listing state an attempt saw; equal signatures: it held still. */
  readonly signature: (value: T) => string;
  /** Default 5: other suite files write in bursts. */
  readonly maxAttempts?: number;
}

/** The pause before the second attempt (ms), doubled before each later one: likelier between bursts of writes. */
const FIRST_PAUSE_MS = 25;

/** Runs `attempt` until no discrepancy, two consecutive attempts answer the same, or `maxAttempts`. */
export async function settle<T>(options: SettleOptions<T>): Promise<Settled<T>> {
  const maxAttempts = options.maxAttempts ?? 5;
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
    await new Promise((resolve) => setTimeout(resolve, FIRST_PAUSE_MS * 2 ** (attempts - 1)));
    value = await options.attempt();
  }
}

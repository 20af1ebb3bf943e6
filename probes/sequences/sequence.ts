/** What the model-based sequences share: how a report shows one, and how many of a row run at a time. */

/** A sequence as a report shows it: its records, and the commands it ran (before it runs, all of them). */
export function showSequence(records: string, commands: Iterable<unknown>): string {
  const all = [...commands] as { readonly hasRan?: boolean }[];
  const ran = all.filter((c) => c.hasRan);
  return `on ${records}: ${(ran.length > 0 ? ran : all).map(String).join('; ') || 'nothing'}`;
}

/** Runs at most `n` sequences at a time, in order, so that a row's budget pays for whole sequences. */
export function lanes(n: number): <T>(sequence: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (sequence) => {
    if (running >= n) await new Promise<void>((resolve) => waiting.push(resolve));
    running += 1;
    try {
      return await sequence();
    } finally {
      running -= 1;
      waiting.shift()?.();
    }
  };
}

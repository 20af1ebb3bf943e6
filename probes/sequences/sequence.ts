/**
 * What the model-based sequences share: how a report shows one (`fc.commands`), and how many of a row run at
 * a time.
 */

/**
 * A sequence as a report shows it: the records it acts on, and the commands it ran, in turn; before it runs
 * (the input as sent), all of them. A shrunk sequence shows only what it ran.
 */
export function showSequence(records: string, commands: Iterable<unknown>): string {
  const all = [...commands] as { readonly hasRan?: boolean }[];
  const ran = all.filter((c) => c.hasRan);
  return `on ${records}: ${(ran.length > 0 ? ran : all).map(String).join('; ') || 'nothing'}`;
}

/**
 * Runs at most `n` sequences at a time, the others waiting their turn in order. A sequence sends its
 * requests one after another, and a row's share of the request budget pays for a few whole sequences:
 * started all at once, the inputs judged together would share it out and each stop half way.
 */
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

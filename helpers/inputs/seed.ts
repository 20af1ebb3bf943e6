/**
 * Seeds of the explorations. Each exploration draws from its own seed, derived from the run's seed and the
 * exploration's name, so that what one exploration draws never depends on which others ran, in which
 * order, or in which worker thread: the same run seed (and the same target state) gives the same inputs,
 * also when `--rule` selects one rule only (the replay of a failure).
 */

/** FNV-1a over the text, as an unsigned 32-bit integer. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/** The seed of one exploration: a 31-bit integer from the run's seed and the exploration's name. */
export function explorationSeed(runSeed: number, name: string): number {
  return fnv1a(`${runSeed}:${name}`) & 0x7fffffff;
}

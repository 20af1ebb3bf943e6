/** FNV-1a over the text, as an unsigned 32-bit integer. */
function fnv1a(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash >>> 0;
}

/**
 * The seed of one exploration, from the run's seed and its name: what it draws never depends on which others
 * ran, nor where (a replay with `--rule` draws the same).
 */
export function explorationSeed(runSeed: number, name: string): number {
  return fnv1a(`${runSeed}:${name}`) & 0x7fffffff;
}

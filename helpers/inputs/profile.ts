/** The depth profiles: `gate` (checks and boundary values), `deep` (gate plus seeded generated inputs). */

const DEPTHS = ['gate', 'deep'] as const;

export type Depth = (typeof DEPTHS)[number];

export const DEFAULT_REQUEST_BUDGET = 2000;

/** The requests the gate needs, at most (`npm run bench` measures it); a smaller budget is refused. */
export const GATE_REQUESTS = 300;

export const explorationBudget = (requestBudget: number) => Math.max(0, requestBudget - GATE_REQUESTS);

/** The largest seed accepted (fast-check seeds are 32-bit integers). */
export const MAX_SEED = 2_147_483_647;

/** What a run's depth settings resolve to (the seed drawn at random when none was given). */
export type DepthSettings = { readonly depth: Depth; readonly seed: number; readonly requestBudget: number };

export const isDepth = (value: string): value is Depth => (DEPTHS as readonly string[]).includes(value);

export const randomSeed = (): number => Math.floor(Math.random() * (MAX_SEED + 1));

/** The command that replays a generated input that broke a rule. */
export const replayCommand = (seed: number, ruleId: string): string =>
  `commerce-conformance --seed ${seed} --rule ${ruleId} --depth deep`;

/** FNV-1a over the text's UTF-16 code units, as an unsigned 32-bit integer. */
const fnv1a = (text: string): number =>
  text.split('').reduce((hash, c) => Math.imul(hash ^ c.charCodeAt(0), 0x01000193) >>> 0, 0x811c9dc5);

/**
 * The seed of one exploration, from the run's seed and its name: what it draws never depends on which others
 * ran, nor where (a replay with `--rule` draws the same).
 */
export const explorationSeed = (runSeed: number, name: string) => fnv1a(`${runSeed}:${name}`) & 0x7fffffff;

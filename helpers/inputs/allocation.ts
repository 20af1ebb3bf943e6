/** How the deep profile's request budget is shared: equally across families (the states five parts), then by weight. */
export type AllocationRow = { readonly family: string; readonly weight: number };

/** Each area's requests again, transformed (`relations/`). */
const REPLAYS = ['pagination', 'includes', 'transactions', 'integrations', 'http'] as const;

export const ALLOCATION = {
  'pagination/categories': { family: 'pagination', weight: 4 },
  'pagination/products': { family: 'pagination', weight: 4 },
  'pagination/max-limit': { family: 'pagination', weight: 1 },
  'pagination/hard-offset': { family: 'pagination', weight: 1 },
  'pagination/soft-offset': { family: 'pagination', weight: 1 },
  'pagination/bad-params': { family: 'pagination', weight: 1 },
  'pagination/walks': { family: 'walks', weight: 1 },
  'http/malformed': { family: 'malformed', weight: 1 },
  ...(Object.fromEntries(
    REPLAYS.map((area) => [`relations/${area}`, { family: 'relations', weight: 1 }]),
  ) as Record<`relations/${(typeof REPLAYS)[number]}`, AllocationRow>),
  'authentication/missing': { family: 'refused-writes', weight: 2 },
  'authentication/invalid': { family: 'refused-writes', weight: 1 },
  'transactions/capture-reference': { family: 'strings', weight: 1 },
  'transactions/gateways': { family: 'strings', weight: 1 },
  'integrations/text': { family: 'strings', weight: 1 },
  'transactions/orders': { family: 'provisioning', weight: 1 },
  'integrations/shapes': { family: 'provisioning', weight: 1 },
  'includes/spellings': { family: 'includes', weight: 1 },
  'shapes/catalog': { family: 'shapes', weight: 1 },
  'sequences/missing': { family: 'sequences', weight: 2 },
  'sequences/invalid': { family: 'sequences', weight: 2 },
  'states/orders': { family: 'states', weight: 1 },
  'states/records': { family: 'states', weight: 1 },
} as const satisfies Record<string, AllocationRow>;

export type ExplorationName = keyof typeof ALLOCATION;

/** The ways to every state of an order and of the catalogue's records (`probes/space/`) take five families' parts. */
const partsOf = (family: string) => (family === 'states' ? 5 : 1);

/** Each exploration's share of `budget`: equal parts per family (the states' five), then by weight (largest remainder). */
export function allocate(budget: number, table: Readonly<Record<string, AllocationRow>> = ALLOCATION) {
  const rows = Object.entries(table);
  const families = [...new Set(rows.map(([, row]) => row.family))];
  const parts = families.reduce((n, f) => n + partsOf(f), 0);
  const familyParts = families.map((name) => [name, partsOf(name) / parts] as const);
  const shares = largestRemainder(budget, familyParts);
  return Object.fromEntries(
    shares.flatMap(([family, share]) => {
      const members = rows.filter(([, row]) => row.family === family);
      const weights = members.reduce((sum, [, row]) => sum + row.weight, 0);
      const weighted = members.map(([name, row]) => [name, row.weight / weights] as const);
      return largestRemainder(share, weighted);
    }),
  );
}

/** `total` split by the parts (summing to 1) into whole numbers that add up to `total`: `[name, share]` each. */
function largestRemainder(total: number, parts: readonly (readonly [string, number])[]): [string, number][] {
  const shares = parts.map(([name, part], index) => {
    const exact = total * part;
    return { name, index, whole: Math.floor(exact), rest: exact - Math.floor(exact) };
  });
  const left = total - shares.reduce((sum, s) => sum + s.whole, 0);
  const largest = [...shares].sort((a, b) => b.rest - a.rest || a.index - b.index);
  for (const s of largest.slice(0, Math.max(left, 0))) s.whole += 1;
  return shares.map((s) => [s.name, s.whole]);
}

export const allowanceOf = (name: ExplorationName, budget: number): number => allocate(budget)[name] ?? 0;

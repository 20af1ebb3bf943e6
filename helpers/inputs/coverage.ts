/** How much of the space the specification allows (`probes/space/`) a run's exchanges visited. */
import type { Exchange } from '../http/journal.ts';

/**
 * A point of the space; `gate`: in the gate's covering set, visited in every profile; `kind`: a spelling
 * answered as the plain one (`equivalent`), or any way so long as every rule holds (`ambiguous`).
 */
export type Point = Readonly<{ id: string; gate: boolean; kind?: 'equivalent' | 'ambiguous' }>;

export interface Dimension {
  readonly name: string;
  readonly title: string;
  readonly points: readonly Point[];
  /** The points an exchange visits; `state` is the dimension's memory over one suite file's exchanges. */
  visits(x: Exchange, state: Map<string, unknown>): readonly string[];
}

/** The points visited, by dimension. */
export type Visits = Record<string, readonly string[]>;

export class Coverage {
  /** By dimension: the points it visited, and its memory of the current suite file's exchanges. */
  readonly #seen = new Map<string, { readonly ids: Set<string>; readonly state: Map<string, unknown> }>();

  constructor(private readonly dimensions: readonly Dimension[]) {}

  see(x: Exchange): void {
    if (!x.response) return;
    for (const dimension of this.dimensions) {
      const seen = this.#seen.get(dimension.name) ?? { ids: new Set<string>(), state: new Map() };
      this.#seen.set(dimension.name, seen);
      for (const id of dimension.visits(x, seen.state)) seen.ids.add(id);
    }
  }

  /** Forgets the state of an earlier suite file (what it visited stays). */
  begin(): void {
    for (const { state } of this.#seen.values()) state.clear();
  }

  visits(): Visits {
    return Object.fromEntries([...this.#seen].map(([name, { ids }]) => [name, [...ids].sort()]));
  }
}

const MAX_UNVISITED = 20;

export type DimensionCoverage = ReturnType<typeof coverageOf>[number];

export const coverageOf = (dimensions: readonly Dimension[], visits: readonly Visits[]) =>
  dimensions.map(({ name, title, points }) => {
    const seen = new Set(visits.flatMap((v) => v[name] ?? []));
    const ids = (inGate: boolean) => points.filter((p) => p.gate === inGate).map((p) => p.id);
    const gate = ids(true);
    const unvisited = [...gate, ...ids(false)].filter((id) => !seen.has(id));
    return {
      name,
      title,
      points: points.length,
      visited: points.length - unvisited.length,
      gatePoints: gate.length,
      gateVisited: gate.filter((id) => seen.has(id)).length,
      /** The first points not visited, the gate's first. */
      unvisited: unvisited.slice(0, MAX_UNVISITED),
    };
  });

/**
 * How much of the space the specification allows a run explored. The space is data (`probes/space/`): one
 * dimension at a time (the methods of every path, the spellings of a request, the shapes of the records the
 * run makes, the transitions of the records' states), each a list of points, some of them in the gate's
 * covering set. Which points a run visited is read off the exchanges themselves, as they are recorded: each
 * dimension tells which of its points an exchange visits. The report says, per dimension, what was visited
 * and what was not (`conformance.json` → `coverage`).
 */
import type { Exchange } from '../http/journal.ts';

/** One point of a dimension. */
export interface Point {
  readonly id: string;
  /** In the gate's covering set: visited in every profile (else the deep profile samples it). */
  readonly gate: boolean;
  /**
   * A spelling: `equivalent` (a conformant server answers it as the plain one, up to what the specification
   * leaves open), or `ambiguous` (any answer, but every rule still holds).
   */
  readonly kind?: 'equivalent' | 'ambiguous';
}

/** A dimension of the space: its points, and which of them an exchange visits. */
export interface Dimension {
  readonly name: string;
  /** What it is, for the report: `Methods on every path of §4`. */
  readonly title: string;
  readonly points: readonly Point[];
  /**
   * The points an exchange with an answer visits. `state` is the dimension's own memory over the exchanges of
   * one suite file (a transition is a pair of operations on one record).
   */
  visits(x: Exchange, state: Map<string, unknown>): readonly string[];
}

/** The points visited, by dimension (plain data: it travels in a test's meta). */
export type Visits = Record<string, readonly string[]>;

/** What a run's exchanges visited of the dimensions, read as they are recorded. */
export class Coverage {
  readonly #visited = new Map<string, Set<string>>();
  readonly #state = new Map<string, Map<string, unknown>>();

  constructor(private readonly dimensions: readonly Dimension[]) {}

  /** Reads the points one exchange visits (an exchange without an answer visits none). */
  see(x: Exchange): void {
    if (!x.response) return;
    for (const dimension of this.dimensions) {
      const state = this.#state.get(dimension.name) ?? new Map<string, unknown>();
      this.#state.set(dimension.name, state);
      const set = this.#visited.get(dimension.name) ?? new Set<string>();
      this.#visited.set(dimension.name, set);
      for (const id of dimension.visits(x, state)) set.add(id);
    }
  }

  /** Forgets the records of an earlier suite file (what they visited stays). */
  begin(): void {
    this.#state.clear();
  }

  /** The points visited so far. */
  visits(): Visits {
    return Object.fromEntries([...this.#visited].map(([name, ids]) => [name, [...ids].sort()]));
  }
}

/** The coverage of one dimension, as the report shows it. */
export interface DimensionCoverage {
  readonly name: string;
  readonly title: string;
  readonly points: number;
  readonly visited: number;
  /** The gate's covering set, and how much of it was visited. */
  readonly gatePoints: number;
  readonly gateVisited: number;
  /** The points not visited (the first ones: those of the gate's covering set first). */
  readonly unvisited: readonly string[];
}

/** Most unvisited points a report lists per dimension. */
const MAX_UNVISITED = 20;

/** The coverage of each dimension by the visits of a run (merged from its suite files). */
export function coverageOf(dimensions: readonly Dimension[], visits: readonly Visits[]): DimensionCoverage[] {
  return dimensions.map((dimension) => {
    const seen = new Set(visits.flatMap((v) => v[dimension.name] ?? []));
    const ids = dimension.points.map((p) => p.id);
    const gate = dimension.points.filter((p) => p.gate).map((p) => p.id);
    const unvisited = [...dimension.points]
      .sort((a, b) => Number(b.gate) - Number(a.gate))
      .map((p) => p.id)
      .filter((id) => !seen.has(id));
    return {
      name: dimension.name,
      title: dimension.title,
      points: ids.length,
      visited: ids.length - unvisited.length,
      gatePoints: gate.length,
      gateVisited: gate.filter((id) => seen.has(id)).length,
      unvisited: unvisited.slice(0, MAX_UNVISITED),
    };
  });
}

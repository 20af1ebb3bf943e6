/**
 * A record's states as what it holds, and the actions it can take from each (issue "Relations, not cases"): the
 * states that at most `depth` actions reach from a new record, each with its shortest way; a point per (state,
 * action) pair, the pairs three actions reach; and the ways to the pairs a run has not visited yet. The orders
 * (`orders.ts`) and the catalogue's records (`records.ts`) are machines.
 */
import type { Point } from '../../helpers/inputs/coverage.ts';

export interface Machine<S, A> {
  /** A new record. */
  readonly start: S;
  /** The actions a record in state `s` can take: those that change it, and those that must change nothing. */
  actionsFrom(s: S): readonly A[];
  /** The state the specification expects after `a` (`s` itself when `a` changes nothing). */
  after(s: S, a: A): S;
  showState(s: S): string;
  showAction(a: A): string;
}

export interface Reached<S, A> {
  readonly state: S;
  readonly path: readonly A[];
}

export const pointId = <S, A>(m: Machine<S, A>, s: S, a: A): string =>
  `${m.showState(s)}: ${m.showAction(a)}`;

/** The states at most two actions reach from a new record, each with the shortest way there. */
export function reachable<S, A>(m: Machine<S, A>): ReadonlyMap<string, Reached<S, A>> {
  const found = new Map<string, Reached<S, A>>([[m.showState(m.start), { state: m.start, path: [] }]]);
  let frontier = [...found.values()];
  for (let depth = 0; depth < 2; depth += 1) {
    frontier = frontier.flatMap(({ state, path }) =>
      m.actionsFrom(state).flatMap((a) => {
        const next = m.after(state, a);
        if (next === state || found.has(m.showState(next))) return [];
        const reached = { state: next, path: [...path, a] };
        found.set(m.showState(next), reached);
        return [reached];
      }),
    );
  }
  return found;
}

/** Every (state, action) pair of the states two actions reach; `gate` names the gate's covering set. */
export const pointsOf = <S, A>(m: Machine<S, A>, gate: ReadonlySet<string>): Point[] =>
  [...reachable(m).values()].flatMap(({ state }) =>
    m.actionsFrom(state).map((a) => ({ id: pointId(m, state, a), gate: gate.has(pointId(m, state, a)) })),
  );

/**
 * The ways to the points not visited yet, each on a new record: for each action that changes a state, the
 * shortest way to that state and then the action, the deepest states first; before the action, the first time a
 * way reaches its state, every action not visited that changes nothing there. A state whose actions that change
 * nothing are still not visited gets a way of its own. Short ways, sent at once: a run waits for the longest.
 */
export function plans<S, A>(m: Machine<S, A>, visited: ReadonlySet<string>): A[][] {
  const open = (s: S) => m.actionsFrom(s).filter((a) => !visited.has(pointId(m, s, a)));
  const changes = (s: S, a: A) => m.after(s, a) !== s;
  const met = new Set<string>();
  /** The pairs a way takes (its changing actions). */
  const taken = new Set<string>();
  /** The way to a state's end, with the actions that change nothing of each state met the first time. */
  const way = (path: readonly A[]) => {
    let s = m.start;
    for (const a of path) {
      taken.add(pointId(m, s, a));
      s = m.after(s, a);
    }
    const still = met.has(m.showState(s)) ? [] : open(s).filter((b) => !changes(s, b));
    met.add(m.showState(s));
    return [...path, ...still];
  };
  const deepest = [...reachable(m).values()].sort((x, y) => y.path.length - x.path.length);
  const changing = deepest.flatMap(({ state, path }) =>
    open(state)
      .filter((a) => changes(state, a) && !taken.has(pointId(m, state, a)))
      .map((a) => {
        taken.add(pointId(m, state, a));
        return [...way(path), a];
      }),
  );
  const still = deepest.flatMap(({ path }) => {
    const plan = way(path);
    return plan.length > path.length ? [plan] : [];
  });
  return [...changing, ...still];
}

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
 * The ways to the points not visited yet, each on a new record, the deepest states first: to each state, its
 * shortest way, then a share of the actions not visited that change nothing there, then one action not visited
 * that changes it (a way for each; a state none is left to change takes one way, with all of them). A way's own
 * path visits the pairs it passes: those take no way of their own. Short ways, sent at once: a run waits for the
 * longest.
 */
export function plans<S, A>(m: Machine<S, A>, visited: ReadonlySet<string>): A[][] {
  const open = (s: S) => m.actionsFrom(s).filter((a) => !visited.has(pointId(m, s, a)));
  /** The changing pairs a way takes, on its path or at its end. */
  const taken = new Set<string>();
  const deepest = [...reachable(m).values()].sort((x, y) => y.path.length - x.path.length);
  return deepest.flatMap(({ state, path }) => {
    const changing = open(state).filter(
      (a) => m.after(state, a) !== state && !taken.has(pointId(m, state, a)),
    );
    const still = open(state).filter((a) => m.after(state, a) === state);
    const n = Math.max(1, changing.length);
    return Array.from({ length: n }, (_, k) => {
      const [end, share] = [changing[k], still.filter((_, i) => i % n === k)];
      if (end === undefined && share.length === 0) return [];
      let s = m.start;
      for (const a of [...path, ...(end === undefined ? [] : [end])]) {
        taken.add(pointId(m, s, a));
        s = m.after(s, a);
      }
      return [[...path, ...share, ...(end === undefined ? [] : [end])]];
    }).flat();
  });
}

/** Whether a way's last action changes the state the actions before it reach. */
export function endsWithChange<S, A>(m: Machine<S, A>, way: readonly A[]): boolean {
  const last = way.at(-1);
  const before = way.slice(0, -1).reduce((s, a) => m.after(s, a), m.start);
  return last !== undefined && m.after(before, last) !== before;
}

/**
 * The unseen faults: a holdout set written from the specification alone, as independent implementers get
 * things wrong, in classes (one file each; the class of shapes, caught, is in `FAULTS` now: `../shapes.ts`).
 * Each breaks one MUST or SHOULD rule (and declares the rules any honest reading also fails). They are
 * switchable by name like the other faults (`findFault`, the `faults` option, `--fault NAME`); a class joins
 * `FAULTS` (and the fault matrix) once the suite catches it (the methods and the spellings have).
 * `scripts/unseen-faults.ts` measures how many it does.
 */
import type { Fault } from '../fault.ts';
import { UNSEEN_METHOD_FAULTS } from './methods.ts';
import { UNSEEN_SEQUENCE_FAULTS } from './sequences.ts';
import { UNSEEN_SPELLING_FAULTS } from './spellings.ts';

/** The unseen faults by class. */
export const UNSEEN_CLASSES = {
  sequences: UNSEEN_SEQUENCE_FAULTS,
  spellings: UNSEEN_SPELLING_FAULTS,
  methods: UNSEEN_METHOD_FAULTS,
} as const satisfies Record<string, readonly Fault[]>;

export type UnseenClass = keyof typeof UNSEEN_CLASSES;

export const UNSEEN_FAULTS: Fault[] = Object.values(UNSEEN_CLASSES).flat();

/** The classes the suite catches, each fault on its rule in its profile: their faults are in `FAULTS` too. */
export const CAUGHT_CLASSES: readonly UnseenClass[] = ['spellings', 'methods'];

/** The faults of {@link CAUGHT_CLASSES}. */
export const CAUGHT_UNSEEN_FAULTS: Fault[] = CAUGHT_CLASSES.flatMap((name) => UNSEEN_CLASSES[name]);

/** The class of an unseen fault. */
export function unseenClass(fault: Fault): UnseenClass | undefined {
  return (Object.keys(UNSEEN_CLASSES) as UnseenClass[]).find((key) =>
    (UNSEEN_CLASSES[key] as readonly Fault[]).includes(fault),
  );
}

/**
 * The unseen faults: a holdout set written from the specification alone, as independent implementers get
 * things wrong, in four classes (sequences, spellings, methods, shapes). Each breaks one MUST or SHOULD rule
 * (and declares the rules any honest reading also fails). A fault stays here, switchable by name like the
 * others (`findFault`, the `faults` option, `--fault NAME`) but not in `FAULTS`, until the suite catches it on
 * its rule; then it moves to its class's file of `FAULTS` (`../sequences.ts`, `../spellings.ts`,
 * `../methods.ts`, `../shapes.ts`) and the fault matrix holds it. `scripts/unseen-faults.ts` measures the
 * ones left.
 */
import type { Fault } from '../fault.ts';
import { UNSEEN_SEQUENCE_FAULTS } from './sequences.ts';

/** The unseen faults by class; a class every fault of which the suite catches is gone from here. */
export const UNSEEN_CLASSES = {
  sequences: UNSEEN_SEQUENCE_FAULTS,
} as const satisfies Record<string, readonly Fault[]>;

export type UnseenClass = keyof typeof UNSEEN_CLASSES;

export const UNSEEN_FAULTS: Fault[] = Object.values(UNSEEN_CLASSES).flat();

/** The class of an unseen fault. */
export function unseenClass(fault: Fault): UnseenClass | undefined {
  return (Object.keys(UNSEEN_CLASSES) as UnseenClass[]).find((key) =>
    (UNSEEN_CLASSES[key] as readonly Fault[]).includes(fault),
  );
}

/** The unseen faults: a holdout set, switchable by name but not in `FAULTS` until the suite catches them. */
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

/** The unseen faults: a holdout set, switchable by name but not in `FAULTS` until the suite catches them. */
import type { Fault } from '../fault.ts';
import { UNSEEN_SEQUENCE_FAULTS } from './sequences.ts';

/** The unseen faults by class; a class every fault of which the suite catches is gone from here. */
export const UNSEEN_CLASSES = {
  sequences: UNSEEN_SEQUENCE_FAULTS,
} as const satisfies Record<string, readonly Fault[]>;

export const UNSEEN_FAULTS: Fault[] = Object.values(UNSEEN_CLASSES).flat();

/** The class of an unseen fault. */
export const unseenClass = (fault: Fault) =>
  Object.entries(UNSEEN_CLASSES).find(([, faults]) => faults.includes(fault))?.[0];

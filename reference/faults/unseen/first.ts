/** The first held-out set (issue 34): written from the specification alone. */
import type { Fault } from '../fault.ts';

export const FIRST_SET: Fault[] = [];

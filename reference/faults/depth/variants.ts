import type { Variant } from '../fault.ts';
import { ANSWER_VARIANTS } from './answer-variants.ts';
import { READING_VARIANTS } from './reading-variants.ts';
import { REFUSAL_VARIANTS } from './refusal-variants.ts';
import { SHAPE_VARIANTS } from './shape-variants.ts';

/** The conformant variants for the choices that the depth profile's inputs meet. */
export const DEPTH_VARIANTS: readonly Variant[] = [
  ...REFUSAL_VARIANTS,
  ...READING_VARIANTS,
  ...ANSWER_VARIANTS,
  ...SHAPE_VARIANTS,
];

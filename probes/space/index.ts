/**
 * The model of the space the specification allows, as data, one dimension a file; the report's coverage
 * (`helpers/inputs/coverage.ts`) is measured against it.
 */
import type { Dimension } from '../../helpers/inputs/coverage.ts';
import { METHODS } from './methods.ts';
import { SHAPES } from './shapes.ts';
import { SPELLINGS } from './spellings.ts';
import { TRANSITIONS } from './transitions.ts';

export const SPACE: readonly Dimension[] = [METHODS, SPELLINGS, SHAPES, TRANSITIONS];

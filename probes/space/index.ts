/**
 * The model of the space the specification allows, as data, one dimension a file; the report's coverage
 * (`helpers/inputs/coverage.ts`) is measured against it.
 */
import type { Dimension } from '../../helpers/inputs/coverage.ts';
import { ORDER_STATES } from './orders.ts';
import { RECORD_STATES } from './records.ts';
import { SHAPES } from './shapes.ts';
import { TRANSFORMATION_DIMENSION } from './transformations.ts';

export const SPACE: readonly Dimension[] = [TRANSFORMATION_DIMENSION, SHAPES, RECORD_STATES, ORDER_STATES];

import type { ErrorObject } from 'ajv';
import type { SchemaName, SchemaTypes } from '../../schemas/types.generated.ts';
import { type Diagnostic, toDiagnostics } from './diagnostics.ts';
import { VALIDATORS } from './validators.generated.ts';

export type { SchemaName, SchemaTypes } from '../../schemas/types.generated.ts';
export { SCHEMA_NAMES } from '../../schemas/types.generated.ts';

type SchemaResult<T = unknown> = { valid: true; value: T } | { valid: false; diagnostics: Diagnostic[] };

type Validator = ((value: unknown) => boolean) & { errors?: ErrorObject[] | null };

/** The validation functions, compiled ahead of time (`npm run schemas:types`). */
const validators: { readonly [N in SchemaName]: Validator } = VALIDATORS;

/** Validates a document against a schema: the document typed, or one diagnostic per violation. */
export function validate<N extends SchemaName>(name: N, value: unknown): SchemaResult<SchemaTypes[N]> {
  const fn = validators[name];
  if (fn(value)) return { valid: true, value: value as SchemaTypes[N] };
  return { valid: false, diagnostics: toDiagnostics(fn.errors, value) };
}

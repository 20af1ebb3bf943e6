import type { ValidateFunction } from 'ajv';
import { SCHEMA_NAMES, type SchemaName, type SchemaTypes } from '../../schemas/types.generated.ts';
import { createSchemaAjv } from './ajv.ts';
import { type Diagnostic, toDiagnostics } from './diagnostics.ts';
import { schemaId } from './schema-files.ts';

export type { SchemaName, SchemaTypes } from '../../schemas/types.generated.ts';
export { SCHEMA_NAMES } from '../../schemas/types.generated.ts';

/** The outcome of a validation: the document, typed, or what is wrong with it. */
export type SchemaResult<T = unknown> =
  | { valid: true; value: T }
  | { valid: false; diagnostics: Diagnostic[] };

type Validators = { readonly [N in SchemaName]: ValidateFunction };

let validators: Validators | undefined;

/**
 * The compiled validation functions, by schema name. The schema files are read and compiled once, on first
 * use, with ajv in strict mode; a schema that does not compile throws here.
 */
function compiled(): Validators {
  if (validators === undefined) {
    const ajv = createSchemaAjv();
    const entries = SCHEMA_NAMES.map((name) => {
      const validate = ajv.getSchema(schemaId(name));
      if (validate === undefined) throw new Error(`schema ${name} (${schemaId(name)}) is not in schemas/`);
      return [name, validate] as const;
    });
    validators = Object.fromEntries(entries) as Validators;
  }
  return validators;
}

/**
 * Validates a document against one of the schemas of `schemas/`.
 *
 * @param name - the schema, e.g. `transaction-response` (file `schemas/transaction-response.schema.json`).
 * @param value - the document, typically a parsed response body.
 * @returns `{ valid: true, value }` with `value` typed as the schema's type, or `{ valid: false, diagnostics }`
 *   with one sorted, deduplicated diagnostic per violation (see `toDiagnostics`).
 */
export function validate<N extends SchemaName>(name: N, value: unknown): SchemaResult<SchemaTypes[N]> {
  const fn = compiled()[name];
  if (fn(value)) return { valid: true, value: value as SchemaTypes[N] };
  return { valid: false, diagnostics: toDiagnostics(fn.errors, value) };
}

/**
 * Type guard: whether `value` is valid against the schema `name`.
 *
 * @param name - the schema name.
 * @param value - the document.
 */
export function isValid<N extends SchemaName>(name: N, value: unknown): value is SchemaTypes[N] {
  return compiled()[name](value);
}

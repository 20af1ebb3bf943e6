import type { Diagnostic } from '../../helpers/schema/diagnostics.ts';
import { formatDiagnostics } from '../../helpers/schema/diagnostics.ts';
import { type SchemaName, type SchemaTypes, validate } from '../../helpers/schema/registry.ts';

/** Thrown by `assertValid`: the schema, the diagnostics, and a message listing them one per line. */
export class SchemaValidationError extends Error {
  override readonly name = 'SchemaValidationError';

  constructor(
    readonly schema: SchemaName,
    readonly diagnostics: readonly Diagnostic[],
    label = 'document',
  ) {
    super(`${label} does not match schema ${schema}:\n${formatDiagnostics(diagnostics)}`);
  }
}

/**
 * Asserts that `value` is valid against the schema `name`, narrowing its type.
 *
 * @param name - the schema name.
 * @param value - the document.
 * @param label - what the document is, for the message (default `document`), e.g. `the capture response body`.
 * @throws {SchemaValidationError} listing the diagnostics when it is not valid.
 */
export function assertValid<N extends SchemaName>(
  name: N,
  value: unknown,
  label?: string,
): asserts value is SchemaTypes[N] {
  const result = validate(name, value);
  if (!result.valid) throw new SchemaValidationError(name, result.diagnostics, label);
}

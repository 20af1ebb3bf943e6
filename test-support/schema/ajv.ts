import type { Code } from 'ajv';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { loadSchemaFiles, type SchemaFile } from '../../helpers/schema/schema-files.ts';

/** The Ajv class of the JSON Schema 2020-12 build. */
export type SchemaAjv = Ajv2020;

/** The formats the schemas use, each checked in ajv-formats' "full" mode. */
export const SCHEMA_FORMATS = ['uuid', 'iso-date-time', 'uri'] as const;

/** Options of {@link createSchemaAjv}. */
export interface SchemaAjvOptions {
  /**
   * Keep the source of the compiled functions, for ajv's standalone code (see `scripts/generate-validators.ts`):
   * `esm` for an ES module, `formats` the code that names ajv-formats' formats in that module.
   */
  readonly standalone?: { readonly esm: boolean; readonly formats: Code };
}

/**
 * A new Ajv instance (2020-12, strict mode, all errors, formats uuid / iso-date-time / uri) holding every schema
 * of `files` (default: all of `schemas/`) under its `$id`, compiled lazily by `getSchema`. The suites compile
 * nothing: they use the functions compiled ahead of time with these options
 * (`helpers/schema/validators.generated.ts`).
 */
export function createSchemaAjv(
  files: readonly SchemaFile[] = loadSchemaFiles(),
  options: SchemaAjvOptions = {},
): SchemaAjv {
  const code = options.standalone ? { code: { source: true, ...options.standalone } } : {};
  const ajv = new Ajv2020({ strict: true, allErrors: true, ...code });
  // ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, whose `default` is the plugin.
  formatsPlugin.default(ajv, [...SCHEMA_FORMATS]);
  for (const { schema } of files) ajv.addSchema(schema);
  return ajv;
}

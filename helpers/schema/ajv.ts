import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { loadSchemaFiles, type SchemaFile } from './schema-files.ts';

/** The Ajv class of the JSON Schema 2020-12 build. */
export type SchemaAjv = Ajv2020;

/** The formats the schemas use, each checked in ajv-formats' "full" mode. */
export const SCHEMA_FORMATS = ['uuid', 'date-time', 'uri'] as const;

/**
 * A new Ajv instance (2020-12, strict mode, all errors, formats uuid / date-time / uri) holding every schema
 * of `schemas/` under its `$id`. Schemas are compiled lazily by `getSchema`; call `compileAll` to compile
 * them all at once.
 *
 * @param files - the schema files to add; all of `schemas/` unless told otherwise.
 */
export function createSchemaAjv(files: readonly SchemaFile[] = loadSchemaFiles()): SchemaAjv {
  const ajv = new Ajv2020({ strict: true, allErrors: true });
  // ajv-formats is CommonJS: under NodeNext its default import is `module.exports`, whose `default` is the plugin.
  formatsPlugin.default(ajv, [...SCHEMA_FORMATS]);
  for (const { schema } of files) ajv.addSchema(schema);
  return ajv;
}

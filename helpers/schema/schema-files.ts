import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { PACKAGE_ROOT } from '../package.ts';

/** Base URI of every schema `$id`: `<base><name>.schema.json`. */
export const SCHEMA_BASE_URI = 'https://commerce-conformance.dev/schemas/';

const SCHEMA_FILE_SUFFIX = '.schema.json';

/** Absolute path of the `schemas/` directory (ends with a path separator). */
export const SCHEMAS_DIR: string = join(PACKAGE_ROOT, 'schemas/');

type JsonSchemaDocument = Record<string, unknown> & { $id: string; $schema: string };

/** One schema file of `schemas/`, parsed: `transaction.schema.json` is named `transaction`. */
export type SchemaFile = ReturnType<typeof loadSchemaFiles>[number];

export const schemaId = (name: string): string => `${SCHEMA_BASE_URI}${name}${SCHEMA_FILE_SUFFIX}`;

/** Reads every `*.schema.json` file of `dir`, sorted by name; throws on one without a string `$id`. */
export const loadSchemaFiles = (dir: string = SCHEMAS_DIR) =>
  readdirSync(dir)
    .filter((file) => file.endsWith(SCHEMA_FILE_SUFFIX))
    .map((file) => {
      const schema: unknown = JSON.parse(readFileSync(join(dir, file), 'utf8'));
      if (typeof (schema as { $id?: unknown } | null)?.$id !== 'string')
        throw new Error(`${file}: not a JSON Schema document with a string $id`);
      return { file, name: file.slice(0, -SCHEMA_FILE_SUFFIX.length), schema: schema as JsonSchemaDocument };
    })
    .sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));

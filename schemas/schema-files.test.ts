import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { describe, expect, it } from 'vitest';
import { loadSchemaFiles, SCHEMA_BASE_URI, SCHEMAS_DIR, schemaId } from '../helpers/schema/schema-files.ts';
import { COMMON_SCHEMA } from '../scripts/generate-types.ts';
import { createSchemaAjv, SCHEMA_FORMATS } from '../test-support/schema/ajv.ts';
import { SCHEMA_NAMES } from './types.generated.ts';

const files = loadSchemaFiles();

/** Every subschema-or-value node of a JSON document, with its JSON Pointer. */
function* nodes(value: unknown, pointer = ''): Generator<{ pointer: string; node: Record<string, unknown> }> {
  if (Array.isArray(value)) {
    for (const [i, item] of value.entries()) yield* nodes(item, `${pointer}/${i}`);
  } else if (value !== null && typeof value === 'object') {
    yield { pointer, node: value as Record<string, unknown> };
    for (const [key, item] of Object.entries(value)) yield* nodes(item, `${pointer}/${key}`);
  }
}

function pointerGet(document: unknown, pointer: string): unknown {
  let current = document;
  for (const key of pointer.split('/').slice(1)) {
    current =
      current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
  }
  return current;
}

describe('schema files', () => {
  it('are the common definitions plus one file per schema name', () => {
    expect(files.map((f) => f.name)).toEqual([...SCHEMA_NAMES, COMMON_SCHEMA].sort());
  });

  it.each(files)('$file declares JSON Schema 2020-12 and the $id of its file name', ({ file, schema }) => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`${SCHEMA_BASE_URI}${file}`);
  });

  it('have unique $ids', () => {
    const ids = files.map((f) => f.schema.$id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('are formatted JSON files ending with a newline', () => {
    for (const { file } of files)
      expect(readFileSync(`${SCHEMAS_DIR}${file}`, 'utf8').endsWith('}\n')).toBe(true);
  });

  it.each(SCHEMA_NAMES)('%s compiles in strict mode with all errors', (name) => {
    const ajv = createSchemaAjv();
    expect(() => ajv.getSchema(schemaId(name))).not.toThrow();
    expect(ajv.getSchema(schemaId(name))).toBeTypeOf('function');
  });

  it('fail to compile under strict mode when a keyword is unknown (strict mode is really on)', () => {
    const ajv = createSchemaAjv();
    expect(() => ajv.compile({ type: 'string', formatt: 'uuid' })).toThrow(/strict mode/);
  });

  it('compile in a plain Ajv 2020 instance too, formats aside (no custom keywords)', () => {
    const ajv = new Ajv2020({ strict: true, validateFormats: false });
    for (const { schema } of files) ajv.addSchema(schema);
    for (const name of SCHEMA_NAMES) expect(() => ajv.getSchema(schemaId(name))).not.toThrow();
  });
});

describe('schema conventions', () => {
  const all = files.flatMap(({ file, schema }) => [...nodes(schema)].map((n) => ({ file, ...n })));

  it('never close objects to extra fields', () => {
    for (const { file, pointer, node } of all) {
      expect(node.additionalProperties, `${file}#${pointer}`).not.toBe(false);
      expect(node, `${file}#${pointer}`).not.toHaveProperty('unevaluatedProperties');
    }
  });

  it('fix no values but the type constants (no enum; const only on a "type" property or in an if condition)', () => {
    for (const { file, pointer, node } of all) {
      expect(node, `${file}#${pointer}`).not.toHaveProperty('enum');
      if ('const' in node && !pointer.includes('/if/')) expect(pointer, file).toMatch(/\/properties\/type$/);
    }
  });

  it('use only the formats ajv is given', () => {
    for (const { file, pointer, node } of all) {
      if ('format' in node) expect(SCHEMA_FORMATS, `${file}#${pointer}`).toContain(node.format);
    }
  });

  it('never put keywords beside $ref (they combine through allOf, which draft-07 era tools understand)', () => {
    for (const { file, pointer, node } of all) {
      if ('$ref' in node) expect(Object.keys(node), `${file}#${pointer}`).toEqual(['$ref']);
    }
  });

  it('reference by relative $ref that resolves by file path as well as by $id', () => {
    for (const { file, pointer, node } of all) {
      if (typeof node.$ref !== 'string') continue;
      expect(node.$ref, `${file}#${pointer}`).not.toMatch(/^[a-z][a-z0-9+.-]*:/i);
      const target = new URL(node.$ref, pathToFileURL(`${SCHEMAS_DIR}${file}`));
      const path = fileURLToPath(target.href.replace(/#.*$/, ''));
      expect(existsSync(path), `${file}#${pointer} -> ${path}`).toBe(true);
      const document: unknown = JSON.parse(readFileSync(path, 'utf8'));
      const fragment = decodeURIComponent(target.hash.slice(1));
      expect(pointerGet(document, fragment), `${file}#${pointer} -> ${node.$ref}`).toBeDefined();
    }
  });
});

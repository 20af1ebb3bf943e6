/**
 * The schema of baseline files (`--baseline`): a file of the command line, not of the API. It lives in
 * `schemas/cli/`, where the API schema machinery (`loadSchemaFiles`: generated types, the registry, the
 * OpenAPI components) does not look, and where it may close its objects (a typo in a field is an error).
 */
import { readFileSync } from 'node:fs';
import { Ajv2020 } from 'ajv/dist/2020.js';
import formatsPlugin from 'ajv-formats';
import { describe, expect, it } from 'vitest';
import { BASELINE_SCHEMA_FILE } from '../../cli/baseline/read.ts';
import { loadSchemaFiles, SCHEMA_BASE_URI } from '../../helpers/schema/schema-files.ts';
import { buildOpenApiDocument } from '../../scripts/openapi-document.ts';

const schema = JSON.parse(readFileSync(BASELINE_SCHEMA_FILE, 'utf8')) as Record<string, unknown>;

describe('schemas/cli/baseline.schema.json', () => {
  it('is JSON Schema 2020-12 with the $id of its path, and compiles in strict mode', () => {
    expect(schema.$schema).toBe('https://json-schema.org/draft/2020-12/schema');
    expect(schema.$id).toBe(`${SCHEMA_BASE_URI}cli/baseline.schema.json`);
    const ajv = new Ajv2020({ strict: true });
    formatsPlugin.default(ajv, ['date']);
    const validate = ajv.compile(schema);
    expect(validate({ entries: [{ rule: 'TXN-LIST', reason: 'x', until: '2026-01-31' }] })).toBe(true);
    expect(validate({ entries: [{ rule: 'TXN-LIST', unsupported: 'x' }] })).toBe(true);
    expect(validate({ entries: [{ rule: 'TXN-LIST', reason: 'x', unsupported: 'y' }] })).toBe(false);
    expect(validate({ entries: [{ rule: 'TXN-LIST', reason: 'x', until: 'soon' }] })).toBe(false);
  });

  it('is left out of the API schemas, their generated types and the OpenAPI document', () => {
    expect(loadSchemaFiles().map((f) => f.schema.$id)).not.toContain(schema.$id);
    const text = JSON.stringify(buildOpenApiDocument());
    expect(text).not.toContain('baseline');
    expect(text).not.toContain('KnownFailure');
  });

  it('is the schema of the example baseline of the gate workflow', () => {
    const example = JSON.parse(
      readFileSync(new URL('../../conformance-baseline.json', import.meta.url), 'utf8'),
    ) as unknown;
    const ajv = new Ajv2020({ strict: true });
    formatsPlugin.default(ajv, ['date']);
    expect(ajv.validate(schema, example), JSON.stringify(ajv.errors)).toBe(true);
  });
});

import { readFileSync } from 'node:fs';
import { faker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import { SCHEMA_NAMES } from '../helpers/schema/registry.ts';
import { schemaId } from '../helpers/schema/schema-files.ts';
import { VALIDATORS } from '../helpers/schema/validators.generated.ts';
import { createSchemaAjv } from '../test-support/schema/ajv.ts';
import { sampleFor } from '../test-support/schema/samples.ts';
import { GENERATED_VALIDATORS_FILE, generateValidators } from './generate-validators.ts';

describe('helpers/schema/validators.generated.ts', () => {
  it('is up to date with the schema files (run `npm run schemas:types` when this fails)', () => {
    expect(readFileSync(GENERATED_VALIDATORS_FILE, 'utf8')).toBe(generateValidators());
  }, 30_000);

  it('has one function per schema name', () => {
    expect(Object.keys(VALIDATORS).sort()).toEqual([...SCHEMA_NAMES].sort());
  });

  it('gives the verdicts and errors of the schemas compiled at run time, valid and broken documents alike', () => {
    const ajv = createSchemaAjv();
    faker.seed(11);
    for (const name of SCHEMA_NAMES) {
      const compiled = ajv.getSchema(schemaId(name));
      const generated: ((value: unknown) => boolean) & { errors?: unknown } = VALIDATORS[name];
      if (compiled === undefined) throw new Error(`schema ${name} does not compile`);
      const sample = sampleFor(name) as Record<string, unknown>;
      const broken = Object.fromEntries(Object.keys(sample).map((key) => [key, 12]));
      for (const document of [sample, broken, null, [], 'text', { ...sample, data: [{}] }]) {
        expect(generated(document), `${name}: ${JSON.stringify(document)}`).toBe(compiled(document));
        expect(generated.errors ?? null).toEqual(compiled.errors ?? null);
      }
      expect(generated(sample)).toBe(true);
    }
  });
});

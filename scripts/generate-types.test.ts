import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_TYPES_FILE, generateSchemaTypes } from './generate-types.ts';

describe('schemas/types.generated.ts', () => {
  it('is up to date with the schema files (run `npm run schemas:types` when this fails)', async () => {
    expect(readFileSync(GENERATED_TYPES_FILE, 'utf8')).toBe(await generateSchemaTypes());
  }, 30_000);

  it('declares the friendly names, the hyphenated tax-code, nullable links and the type constants', async () => {
    const source = await generateSchemaTypes();
    for (const name of [
      'Transaction',
      'TransactionRefund',
      'Integration',
      'Category',
      'Product',
      'ListingEnvelope',
    ]) {
      expect(source).toMatch(new RegExp(`^export (interface|type) ${name}\\b`, 'm'));
    }
    expect(source).toContain("'tax-code': string | null;");
    expect(source).toContain('prev: string | null;');
    expect(source).toContain("type: 'transaction';");
  }, 30_000);
});

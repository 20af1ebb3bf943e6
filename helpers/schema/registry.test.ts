import { describe, expect, expectTypeOf, it } from 'vitest';
import type { SchemaName, Transaction } from '../../schemas/types.generated.ts';
import { assertValid, SchemaValidationError } from '../../test-support/schema/assert.ts';
import { sampleIntegration, sampleTransaction } from '../../test-support/schema/samples.ts';
import { SCHEMA_NAMES, validate } from './registry.ts';

describe('validate', () => {
  it('returns the document, typed by the schema, when it is valid', () => {
    const document: unknown = sampleTransaction();
    const result = validate('transaction', document);
    expect(result).toEqual({ valid: true, value: document });
    if (result.valid) expectTypeOf(result.value).toEqualTypeOf<Transaction>();
  });

  it('returns sorted diagnostics when it is not', () => {
    expect(validate('integration', { ...sampleIntegration(), enabled: 1, name: undefined })).toEqual({
      valid: false,
      diagnostics: [
        { path: 'enabled', keyword: 'type', message: 'must be boolean, got 1' },
        { path: 'name', keyword: 'required', message: 'is required' },
      ],
    });
  });

  it('can be called repeatedly and on every schema', () => {
    for (const name of SCHEMA_NAMES) {
      expect(validate(name, null)).toMatchObject({ valid: false });
      expect(validate(name, null)).toMatchObject({ valid: false });
    }
  });

  it('accepts only known schema names (type level)', () => {
    expectTypeOf<'transaction'>().toExtend<SchemaName>();
    expectTypeOf<'common'>().not.toExtend<SchemaName>();
  });
});

describe('assertValid', () => {
  it('assertValid passes a valid document and throws a readable error otherwise', () => {
    expect(() => assertValid('transaction', sampleTransaction())).not.toThrow();
    let caught: unknown;
    try {
      assertValid('transaction', { ...sampleTransaction(), amount: 'ten' }, 'the capture response data');
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SchemaValidationError);
    const error = caught as SchemaValidationError;
    expect(error.schema).toBe('transaction');
    expect(error.diagnostics).toEqual([
      { path: 'amount', keyword: 'type', message: 'must be integer, got "ten"' },
    ]);
    expect(error.message).toBe(
      'the capture response data does not match schema transaction:\namount: must be integer, got "ten" (type)',
    );
  });
});

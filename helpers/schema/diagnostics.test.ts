import type { ErrorObject } from 'ajv';
import { describe, expect, it } from 'vitest';
import {
  type Diagnostic,
  formatDiagnostic,
  formatDiagnostics,
  formatPath,
  pointerToSegments,
  sortDiagnostics,
  toDiagnostics,
} from './diagnostics.ts';
import { validate } from './registry.ts';

/** A fixed, known-bad capture response. */
const BAD_CAPTURE = {
  data: {
    id: 'not-a-uuid',
    type: 'transactions',
    reference: 'manual',
    gateway: 'manual',
    amount: '1000',
    currency: 'usd',
    transaction_type: 'capture',
    relationships: { order: { data: { type: 'order' } } },
    meta: {
      display_price: { amount: 1000, currency: 'USD' },
      timestamps: { created_at: '2024-05-01 noon', updated_at: '2024-05-01T12:00:00Z' },
    },
  },
};

describe('diagnostics of a known bad document', () => {
  it('are stable, one line each, sorted by path', () => {
    const result = validate('transaction-response', BAD_CAPTURE);
    expect(result.valid).toBe(false);
    if (result.valid) return;
    expect(formatDiagnostics(result.diagnostics)).toBe(
      [
        'data.amount: must be integer, got "1000" (type)',
        'data.id: must match format "uuid", got "not-a-uuid" (format)',
        'data.meta.display_price.formatted: is required (required)',
        'data.meta.timestamps.created_at: must match format "iso-date-time", got "2024-05-01 noon" (format)',
        'data.relationships.order.data.id: is required (required)',
        'data.status: is required (required)',
        'data.type: must equal "transaction", got "transactions" (const)',
      ].join('\n'),
    );
  });

  it('name the full path of a missing nested field', () => {
    const result = validate('transaction-response', {
      data: {
        ...BAD_CAPTURE.data,
        meta: { display_price: BAD_CAPTURE.data.meta.display_price, timestamps: {} },
      },
    });
    expect(result.valid ? [] : result.diagnostics).toContainEqual({
      path: 'data.meta.timestamps.created_at',
      keyword: 'required',
      message: 'is required',
    });
  });

  it('write a root-level problem as (root)', () => {
    const result = validate('list-envelope', []);
    expect(result.valid ? '' : formatDiagnostics(result.diagnostics)).toBe(
      '(root): must be object, got an array (type)',
    );
  });
});

describe('formatPath and pointerToSegments', () => {
  it('write keys with dots, indices in brackets, odd keys quoted', () => {
    expect(formatPath(['data', 0, 'tax-code'])).toBe('data[0].tax-code');
    expect(formatPath(['included', 'a b', 'x.y', '$ok', '_1'])).toBe('included["a b"]["x.y"].$ok._1');
    expect(formatPath([])).toBe('');
    expect(formatPath([3, 'a'])).toBe('[3].a');
  });

  it('decode JSON Pointer escapes and tell indices from numeric keys by the instance', () => {
    expect(pointerToSegments('/a~1b/c~0d')).toEqual(['a/b', 'c~d']);
    expect(pointerToSegments('/data/0/id', { data: [{ id: 1 }] })).toEqual(['data', 0, 'id']);
    expect(pointerToSegments('/included/123', { included: { '123': [] } })).toEqual(['included', '123']);
    expect(pointerToSegments('/data/0')).toEqual(['data', 0]);
    expect(pointerToSegments('')).toEqual([]);
  });
});

describe('toDiagnostics', () => {
  const error = (e: Partial<ErrorObject>): ErrorObject =>
    ({ instancePath: '', schemaPath: '#', params: {}, keyword: 'x', ...e }) as ErrorObject;

  it('drops errors of if, allOf and $ref, which repeat their subschemas', () => {
    expect(
      toDiagnostics([
        error({ keyword: 'if', params: { failingKeyword: 'then' } }),
        error({ keyword: 'required', instancePath: '/configuration', params: { missingProperty: 'url' } }),
      ]),
    ).toEqual([{ path: 'configuration.url', keyword: 'required', message: 'is required' }]);
  });

  it('words enum and unknown keywords too', () => {
    expect(
      toDiagnostics(
        [
          error({ keyword: 'enum', instancePath: '/a', params: { allowedValues: ['x', 'y'] } }),
          error({ keyword: 'minItems', instancePath: '/b', message: 'must NOT have fewer than 1 items' }),
          error({ keyword: 'additionalProperties', instancePath: '/c', params: { additionalProperty: 'z' } }),
          error({ keyword: 'custom' }),
        ],
        { a: 'w', b: [], c: { z: 1 } },
      ),
    ).toEqual([
      { path: '', keyword: 'custom', message: 'fails "custom"' },
      { path: 'a', keyword: 'enum', message: 'must be one of "x", "y", got "w"' },
      { path: 'b', keyword: 'minItems', message: 'must NOT have fewer than 1 items' },
      { path: 'c.z', keyword: 'additionalProperties', message: 'is not allowed' },
    ]);
  });

  it('shortens long actual values', () => {
    const [d] = toDiagnostics([error({ keyword: 'type', instancePath: '/s', params: { type: 'integer' } })], {
      s: 'x'.repeat(100),
    });
    expect(d?.message).toBe(`must be integer, got "${'x'.repeat(38)}…`);
  });

  it('returns nothing for no errors', () => {
    expect(toDiagnostics(null)).toEqual([]);
    expect(toDiagnostics(undefined)).toEqual([]);
  });
});

describe('sortDiagnostics and formatDiagnostics', () => {
  const d = (path: string, keyword = 'type', message = 'must be string'): Diagnostic => ({
    path,
    keyword,
    message,
  });

  it('sort by path, keyword and message, in code-unit order, and deduplicate', () => {
    expect(sortDiagnostics([d('b'), d('a', 'type'), d('a', 'const'), d('B'), d('b')])).toEqual([
      d('B'),
      d('a', 'const'),
      d('a', 'type'),
      d('b'),
    ]);
  });

  it('format one line each', () => {
    expect(formatDiagnostic(d('data.amount', 'type', 'must be integer'))).toBe(
      'data.amount: must be integer (type)',
    );
    expect(formatDiagnostics([])).toBe('');
  });

  it('cap the lines with "… and N more"', () => {
    const many = Array.from({ length: 25 }, (_, i) => d(`f${String(i).padStart(2, '0')}`));
    const text = formatDiagnostics(many);
    expect(text.split('\n')).toHaveLength(21);
    expect(text.split('\n').at(-1)).toBe('… and 5 more');
    expect(formatDiagnostics(many, 2)).toBe(
      'f00: must be string (type)\nf01: must be string (type)\n… and 23 more',
    );
    expect(formatDiagnostics(many.slice(0, 2), 2)).toBe(
      'f00: must be string (type)\nf01: must be string (type)',
    );
  });
});

import { describe, expect, it } from 'vitest';
import { ApiError } from '../errors.ts';
import {
  array,
  boolean,
  httpUrl,
  integer,
  nullable,
  object,
  oneOf,
  optional,
  string,
  validateBody,
  variants,
} from './check.ts';

function detailOf(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).statusCode).toBe(422);
    return (error as ApiError).detail;
  }
  throw new Error('expected a validation error');
}

describe('checks', () => {
  const shape = object({
    data: object({
      name: string({ nonEmpty: true }),
      price: array(object({ amount: integer({ min: 0 }) }), { minItems: 1 }),
      kind: oneOf('a', 'b'),
      flag: optional(boolean),
      code: optional(nullable(string())),
      url: optional(httpUrl),
    }),
  });
  const good = { data: { name: 'n', price: [{ amount: 1 }], kind: 'a' } };

  it('returns the typed value and drops unknown fields', () => {
    expect(validateBody(shape, { data: { ...good.data, extra: 1, code: null } })).toEqual({
      data: { name: 'n', price: [{ amount: 1 }], kind: 'a', flag: undefined, code: null, url: undefined },
    });
  });

  it.each([
    [
      { data: { ...good.data, price: [{ amount: 1 }, { amount: 'x' }] } },
      'data.price[1].amount must be an integer, not a string',
    ],
    [
      { data: { ...good.data, price: [{ amount: 1.5 }] } },
      'data.price[0].amount must be an integer, not 1.5',
    ],
    [
      { data: { ...good.data, price: [{ amount: 2 ** 60 }] } },
      /^data\.price\[0\]\.amount must be an integer/,
    ],
    [
      { data: { ...good.data, price: [{ amount: -3 }] } },
      /^data\.price\[0\]\.amount must be an integer from 0/,
    ],
    [{ data: { ...good.data, name: undefined } }, 'data.name is required'],
    [{ data: { ...good.data, kind: 'c' } }, 'data.kind must be "a" or "b"'],
    [{ data: { ...good.data, flag: 'true' } }, 'data.flag must be a boolean, not a string'],
    [{ data: { ...good.data, code: 1 } }, 'data.code must be a string, not a number'],
    [{ data: { ...good.data, url: 'mailto:a@b.c' } }, 'data.url must be an absolute http or https URL'],
    [{ data: [] }, 'data must be a JSON object, not an array'],
    [null, 'the request body must be a JSON object, not null'],
    [undefined, 'the request body is required (a JSON object)'],
  ])('reports %j as %s', (body, detail) => {
    const got = detailOf(() => validateBody(shape, body));
    if (typeof detail === 'string') expect(got).toBe(detail);
    else expect(got).toMatch(detail);
  });

  it('does not read inherited properties', () => {
    const inherited = Object.create({ data: good.data });
    expect(detailOf(() => validateBody(shape, inherited))).toBe('data is required');
  });

  it('carries the JSON Schema of exactly what it accepts (the OpenAPI document is made from it)', () => {
    expect(shape.schema).toEqual({
      type: 'object',
      required: ['data'],
      properties: {
        data: {
          type: 'object',
          required: ['name', 'price', 'kind'],
          properties: {
            name: { type: 'string', minLength: 1 },
            price: {
              type: 'array',
              minItems: 1,
              items: {
                type: 'object',
                required: ['amount'],
                properties: { amount: { type: 'integer', minimum: 0, maximum: Number.MAX_SAFE_INTEGER } },
              },
            },
            kind: { enum: ['a', 'b'] },
            flag: { type: 'boolean' },
            code: { type: ['string', 'null'] },
            url: expect.objectContaining({ type: 'string', pattern: expect.stringMatching(/^\^https\?:/) }),
          },
        },
      },
    });
  });

  it('tells variants apart by their key, and says which values the key takes', () => {
    const payment = variants('gateway', {
      manual: object({ gateway: oneOf('manual'), method: oneOf('authorize') }),
      card: object({ gateway: oneOf('card'), token: string({ nonEmpty: true }) }),
    });
    expect(payment({ gateway: 'card', token: 't' }, 'data')).toEqual({ gateway: 'card', token: 't' });
    expect(detailOf(() => payment({ gateway: 'other' }, 'data'))).toBe(
      'data.gateway must be "manual" or "card"',
    );
    expect(detailOf(() => payment({ gateway: 'manual', method: 'x' }, 'data'))).toBe(
      'data.method must be "authorize"',
    );
    expect(payment.schema).toEqual({ oneOf: [expect.any(Object), expect.any(Object)] });
  });

  it.each([
    ['https://hooks.example.com/a/b?c=d&e=%2F#f', true],
    ['http://127.0.0.1:8080', true],
    ['ftp://example.com', false],
    ['https://example.com/a b', false],
    ['https://', false],
    ['https://example.com/%zz', false],
  ])('takes %s as an http(s) URL: %s', (url, ok) => {
    const check = () => httpUrl(url, 'url');
    if (ok) expect(check()).toBe(url);
    else expect(detailOf(check)).toBe('url must be an absolute http or https URL');
  });
});

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
      flag: optional(boolean()),
      code: optional(nullable(string())),
      url: optional(httpUrl()),
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
});

import { apiError } from '../errors.ts';

/**
 * Small validators for request bodies: a check returns the value typed, or throws `VALIDATION_FAILED` naming
 * the field (`data.price[0].amount must be an integer`). Each carries the JSON Schema of what it accepts,
 * from which the OpenAPI document is made; patterns use ASCII classes only, read alike by every regex engine.
 */
export type Check<T> = ((value: unknown, path: string) => T) & {
  readonly optional?: boolean;
  readonly schema: JsonSchema;
};

/** A JSON Schema (2020-12) object. */
export type JsonSchema = Readonly<Record<string, unknown>>;

/** The type a check returns. */
export type Checked<C> = C extends Check<infer T> ? T : never;

/** Throws `VALIDATION_FAILED` for the field at `path`. */
export function invalid(path: string, problem: string): never {
  throw apiError('VALIDATION_FAILED', `${path === '' ? 'the request body' : path} ${problem}`);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

function withSchema<T>(check: (value: unknown, path: string) => T, schema: JsonSchema): Check<T> {
  return Object.assign(check, { schema });
}

/** A string; optionally non-empty, or matching a pattern (read with the `u` flag, as JSON Schema does). */
export function string(
  options: { nonEmpty?: boolean; pattern?: string; expected?: string } = {},
): Check<string> {
  const pattern = options.pattern === undefined ? undefined : new RegExp(options.pattern, 'u');
  return withSchema(
    (value, path) => {
      if (typeof value !== 'string') invalid(path, `must be a string, not ${describe(value)}`);
      if (options.nonEmpty && value.length === 0) invalid(path, 'must not be empty');
      if (pattern && !pattern.test(value))
        invalid(path, `must be ${options.expected ?? `a string matching ${options.pattern}`}`);
      return value;
    },
    {
      type: 'string',
      ...(options.nonEmpty ? { minLength: 1 } : {}),
      ...(options.pattern === undefined ? {} : { pattern: options.pattern }),
      ...(options.expected === undefined
        ? {}
        : { description: `${options.expected.charAt(0).toUpperCase()}${options.expected.slice(1)}.` }),
    },
  );
}

/** An integer (a JSON number without a fraction, within the safe range), from `min` to `max`. */
export function integer(options: { min?: number; max?: number } = {}): Check<number> {
  const min = options.min ?? Number.MIN_SAFE_INTEGER;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return withSchema(
    (value, path) => {
      if (typeof value !== 'number' || !Number.isSafeInteger(value))
        invalid(path, `must be an integer, not ${typeof value === 'number' ? value : describe(value)}`);
      if (value < min || value > max) invalid(path, `must be an integer from ${min} to ${max}`);
      return value;
    },
    { type: 'integer', minimum: min, maximum: max },
  );
}

export const boolean: Check<boolean> = withSchema(
  (value, path) => {
    if (typeof value !== 'boolean') invalid(path, `must be a boolean, not ${describe(value)}`);
    return value;
  },
  { type: 'boolean' },
);

/** Exactly one of the given strings. */
export function oneOf<const L extends string>(...values: L[]): Check<L> {
  const expected = values.map((v) => JSON.stringify(v)).join(' or ');
  return withSchema(
    (value, path) => {
      if (typeof value !== 'string' || !(values as string[]).includes(value))
        invalid(path, `must be ${expected}`);
      return value as L;
    },
    values.length === 1 ? { const: values[0] } : { enum: values },
  );
}

/**
 * The text of an absolute http or https URL, as RFC 3986 writes it: the scheme in lower case, a host name
 * or IPv4 address, an optional port, then path, query and fragment of URI characters and `%XX` escapes.
 * Every such text is a `format: uri` too.
 */
const URI_CHAR = "(?:[A-Za-z0-9._~!$&'()*+,;=:@-]|%[0-9A-Fa-f]{2})";
export const HTTP_URL_PATTERN = `^https?://[A-Za-z0-9.-]+(?::[0-9]{1,5})?(?:/(?:${URI_CHAR}|/)*)?(?:[?](?:${URI_CHAR}|[/?])*)?(?:#(?:${URI_CHAR}|[/?])*)?$`;

/** An absolute http or https URL ({@link HTTP_URL_PATTERN}). */
export const httpUrl = string({ pattern: HTTP_URL_PATTERN, expected: 'an absolute http or https URL' });

/** An array whose every item passes `item`. */
export function array<T>(item: Check<T>, options: { minItems?: number; maxItems?: number } = {}): Check<T[]> {
  return withSchema(
    (value, path) => {
      if (!Array.isArray(value)) invalid(path, `must be an array, not ${describe(value)}`);
      if (options.minItems !== undefined && value.length < options.minItems)
        invalid(path, `must have at least ${options.minItems} item${options.minItems === 1 ? '' : 's'}`);
      if (options.maxItems !== undefined && value.length > options.maxItems)
        invalid(path, `must have at most ${options.maxItems} items`);
      return value.map((v, i) => item(v, `${path}[${i}]`));
    },
    { type: 'array', items: item.schema, ...options },
  );
}

/** A field that may be absent; `undefined` when it is. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  const wrapped = (value: unknown, path: string) => (value === undefined ? undefined : check(value, path));
  return Object.assign(wrapped, { optional: true, schema: check.schema });
}

/** A value that may be `null`. */
export function nullable<T>(check: Check<T>): Check<T | null> {
  const { type } = check.schema;
  return withSchema(
    (value, path) => (value === null ? null : check(value, path)),
    typeof type === 'string'
      ? { ...check.schema, type: [type, 'null'] }
      : { anyOf: [check.schema, { type: 'null' }] },
  );
}

type Shape = Record<string, Check<unknown>>;

function isObject(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A JSON object with these fields; fields not in the shape are ignored and dropped. */
export function object<S extends Shape>(shape: S): Check<{ [K in keyof S]: Checked<S[K]> }> {
  const required = Object.entries(shape)
    .filter(([, check]) => !check.optional)
    .map(([key]) => key);
  return withSchema(
    (value, path) => {
      if (!isObject(value)) invalid(path, `must be a JSON object, not ${describe(value)}`);
      const out: Record<string, unknown> = {};
      for (const [key, check] of Object.entries(shape)) {
        const field = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
        const fieldPath = path === '' ? key : `${path}.${key}`;
        if (field === undefined && !check.optional) invalid(fieldPath, 'is required');
        out[key] = check(field, fieldPath);
      }
      return out as { [K in keyof S]: Checked<S[K]> };
    },
    {
      type: 'object',
      ...(required.length > 0 ? { required } : {}),
      properties: Object.fromEntries(Object.entries(shape).map(([key, check]) => [key, check.schema])),
    },
  );
}

/**
 * One of several object shapes, told apart by the string field `key`: `cases[value[key]]` checks the value.
 * Each case's shape must hold `key` as a {@link oneOf} of its own name.
 */
export function variants<const C extends Record<string, Check<unknown>>>(
  key: string,
  cases: C,
): Check<Checked<C[keyof C]>> {
  const names = Object.keys(cases);
  const tag = oneOf(...names);
  return withSchema(
    (value, path) => {
      if (!isObject(value)) invalid(path, `must be a JSON object, not ${describe(value)}`);
      const name = tag((value as Record<string, unknown>)[key], path === '' ? key : `${path}.${key}`);
      return (cases[name] as C[keyof C])(value, path) as Checked<C[keyof C]>;
    },
    { oneOf: names.map((name) => cases[name]?.schema) },
  );
}

/**
 * Validates a whole request body; an absent body is missing, unless `check` is {@link optional} (it then sees
 * `undefined`). @throws ApiError VALIDATION_FAILED
 */
export function validateBody<T>(check: Check<T>, body: unknown): T {
  if (body === undefined && !check.optional) invalid('', 'is required (a JSON object)');
  return check(body, '');
}

import { apiError } from '../errors.ts';

/**
 * Small hand-written validators for request bodies. A check takes a value and the path of that value in
 * the body (`data.price[0].amount`), and returns the value typed, or throws `VALIDATION_FAILED` with a
 * detail that names the field: `data.price[0].amount must be an integer`. The first problem wins.
 */
export type Check<T> = ((value: unknown, path: string) => T) & { readonly optional?: boolean };

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

/** A string; optionally non-empty, or matching a pattern (explained by `expected`). */
export function string(
  options: { nonEmpty?: boolean; pattern?: RegExp; expected?: string } = {},
): Check<string> {
  return (value, path) => {
    if (typeof value !== 'string') invalid(path, `must be a string, not ${describe(value)}`);
    if (options.nonEmpty && value.length === 0) invalid(path, 'must not be empty');
    if (options.pattern && !options.pattern.test(value)) {
      invalid(path, `must be ${options.expected ?? `a string matching ${options.pattern}`}`);
    }
    return value;
  };
}

/** An integer (a JSON number without a fraction, within the safe range), from `min` to `max`. */
export function integer(options: { min?: number; max?: number } = {}): Check<number> {
  const min = options.min ?? Number.MIN_SAFE_INTEGER;
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return (value, path) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
      invalid(path, `must be an integer, not ${typeof value === 'number' ? String(value) : describe(value)}`);
    }
    if (value < min || value > max) invalid(path, `must be an integer from ${min} to ${max}`);
    return value;
  };
}

export function boolean(): Check<boolean> {
  return (value, path) => {
    if (typeof value !== 'boolean') invalid(path, `must be a boolean, not ${describe(value)}`);
    return value;
  };
}

/** Exactly one of the given strings. */
export function oneOf<const L extends string>(...values: L[]): Check<L> {
  const expected = values.map((v) => JSON.stringify(v)).join(' or ');
  return (value, path) => {
    if (typeof value !== 'string' || !(values as string[]).includes(value))
      invalid(path, `must be ${expected}`);
    return value as L;
  };
}

/** An absolute http or https URL. */
export function httpUrl(): Check<string> {
  return (value, path) => {
    const text = string()(value, path);
    const url = URL.canParse(text) ? new URL(text) : undefined;
    if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.hostname === '') {
      invalid(path, 'must be an absolute http or https URL');
    }
    return text;
  };
}

/** An array whose every item passes `item`. */
export function array<T>(item: Check<T>, options: { minItems?: number; maxItems?: number } = {}): Check<T[]> {
  return (value, path) => {
    if (!Array.isArray(value)) invalid(path, `must be an array, not ${describe(value)}`);
    if (options.minItems !== undefined && value.length < options.minItems) {
      invalid(path, `must have at least ${options.minItems} item${options.minItems === 1 ? '' : 's'}`);
    }
    if (options.maxItems !== undefined && value.length > options.maxItems) {
      invalid(path, `must have at most ${options.maxItems} items`);
    }
    return value.map((v, i) => item(v, `${path}[${i}]`));
  };
}

/** A field that may be absent; `undefined` when it is. */
export function optional<T>(check: Check<T>): Check<T | undefined> {
  const wrapped = (value: unknown, path: string) => (value === undefined ? undefined : check(value, path));
  return Object.assign(wrapped, { optional: true });
}

/** A value that may be `null`. */
export function nullable<T>(check: Check<T>): Check<T | null> {
  return (value, path) => (value === null ? null : check(value, path));
}

type Shape = Record<string, Check<unknown>>;

/** A JSON object with these fields; fields not in the shape are ignored and dropped. */
export function object<S extends Shape>(shape: S): Check<{ [K in keyof S]: Checked<S[K]> }> {
  return (value, path) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      invalid(path, `must be a JSON object, not ${describe(value)}`);
    }
    const out: Record<string, unknown> = {};
    for (const [key, check] of Object.entries(shape)) {
      const field = Object.hasOwn(value, key) ? (value as Record<string, unknown>)[key] : undefined;
      const fieldPath = path === '' ? key : `${path}.${key}`;
      if (field === undefined && !check.optional) invalid(fieldPath, 'is required');
      out[key] = check(field, fieldPath);
    }
    return out as { [K in keyof S]: Checked<S[K]> };
  };
}

/**
 * Validates a whole request body. An absent body (no body at all) is reported as missing.
 *
 * @throws ApiError VALIDATION_FAILED
 */
export function validateBody<T>(check: Check<T>, body: unknown): T {
  if (body === undefined) invalid('', 'is required (a JSON object)');
  return check(body, '');
}

/** Validates a request body that may be absent: `check` (an {@link optional} check) then sees `undefined`. */
export function validateOptionalBody<T>(check: Check<T>, body: unknown): T {
  return check(body, '');
}

/** The resource objects of an answer, where they sit: the primary data and the entities of `included`. */
import type { Answered } from '../http/journal.ts';
import { isObject } from '../http/response.ts';

/** A value of an answer and where it sits (`data`, `data[2]`, `included.products[0]`). */
export interface Found {
  readonly value: unknown;
  readonly where: string;
}

/** The primary data: `data` when it is an object, each item when it is an array. */
export function primaryOf(x: Answered): Found[] | undefined {
  const data = x.response.data;
  if (Array.isArray(data)) return data.map((value, i) => ({ value, where: `data[${i}]` }));
  if (isObject(data)) return [{ value: data, where: 'data' }];
  return undefined;
}

function includedObject(x: Answered): Record<string, unknown> {
  const body = x.response.json;
  return isObject(body) && isObject(body.included) ? body.included : {};
}

/** The entities of `included.<key>`, when it is an array. */
export function includedOf(x: Answered, key: string): Found[] {
  const list = includedObject(x)[key];
  return Array.isArray(list) ? list.map((value, i) => ({ value, where: `included.${key}[${i}]` })) : [];
}

export function includedKeys(x: Answered): string[] {
  const included = includedObject(x);
  return Object.keys(included).filter((key) => Array.isArray(included[key]));
}

/** A field of a value that may not be an object. */
export function field(value: unknown, name: string): unknown {
  return isObject(value) ? value[name] : undefined;
}

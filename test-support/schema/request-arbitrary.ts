/**
 * Requests from the OpenAPI document's request schemas, as a fuzzer such as Schemathesis makes them: values
 * that the schema allows ({@link valuesOf}, fast-check), and copies of a valid value that break exactly one of
 * its constraints ({@link oneBroken}: too short, not matching the pattern, out of range, too few or too many
 * items, a required field missing, another type, another constant). It reads the JSON Schema keywords that
 * the reference server's checks emit (`reference/validation/check.ts`) and throws on any other, so that a
 * new keyword cannot be silently ignored. Strings without a pattern come from the deep profile's text
 * generator (`textsOf`), integers from `integersOf`.
 */
import fc from 'fast-check';
import { integersOf, type SchemaNode } from '../../helpers/inputs/schema-arbitrary.ts';
import { textsOf } from '../../helpers/inputs/text.ts';
import type { PathSegment } from '../../helpers/schema/diagnostics.ts';
import { withAt, withoutAt } from './document-paths.ts';

/** A JSON Schema node of a request schema. */
type Node = SchemaNode & {
  readonly const?: unknown;
  readonly enum?: readonly unknown[];
  readonly oneOf?: readonly Node[];
  readonly anyOf?: readonly Node[];
  readonly properties?: Readonly<Record<string, Node>>;
  readonly required?: readonly string[];
  readonly items?: Node;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly pattern?: string;
};

/** Keywords that say nothing about which values are valid. */
const ANNOTATIONS = new Set(['title', 'description', 'examples', 'default']);
const KNOWN = new Set([
  ...ANNOTATIONS,
  'type',
  'const',
  'enum',
  'oneOf',
  'anyOf',
  'properties',
  'required',
  'items',
  'minItems',
  'maxItems',
  'minimum',
  'maximum',
  'minLength',
  'pattern',
]);

function checkKeywords(node: Node): void {
  for (const key of Object.keys(node)) {
    if (!KNOWN.has(key)) throw new Error(`request-arbitrary: unsupported keyword "${key}"`);
  }
}

/** The longest array generated for an array without `maxItems`, and the share of optional fields present. */
const LONGEST_ARRAY = 5;

/** Values that `node` allows. */
export function valuesOf(node: Node): fc.Arbitrary<unknown> {
  checkKeywords(node);
  if ('const' in node) return fc.constant(node.const);
  if (node.enum) return fc.constantFrom(...node.enum);
  if (node.oneOf) return fc.oneof(...node.oneOf.map(valuesOf));
  if (node.anyOf) return fc.oneof(...node.anyOf.map(valuesOf));
  if (Array.isArray(node.type)) {
    return fc.oneof(...node.type.map((type) => valuesOf({ ...node, type })));
  }
  switch (node.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer': {
      // fast-check draws 32-bit integers; the bounds themselves (up to 2^53 - 1) come as boundary values.
      const minimum = node.minimum ?? -(2 ** 31);
      const maximum = node.maximum ?? 2 ** 31 - 1;
      const drawn = integersOf(node, {
        minimum: Math.max(minimum, -(2 ** 31)),
        maximum: Math.min(maximum, 2 ** 31 - 1),
      });
      return fc.oneof({ arbitrary: drawn, weight: 4 }, fc.constantFrom(minimum, maximum));
    }
    case 'string':
      if (node.pattern !== undefined) return fc.stringMatching(new RegExp(node.pattern, 'u'));
      return textsOf(node, { minLength: node.minLength ?? 0, maxLength: 40 });
    case 'array': {
      if (!node.items) throw new Error('request-arbitrary: an array without items');
      const minLength = node.minItems ?? 0;
      return fc.array(valuesOf(node.items), {
        minLength,
        maxLength: Math.min(node.maxItems ?? LONGEST_ARRAY, minLength + LONGEST_ARRAY),
      });
    }
    case 'object': {
      const properties = node.properties ?? {};
      const required = new Set(node.required ?? []);
      return fc.record(
        Object.fromEntries(Object.entries(properties).map(([key, child]) => [key, valuesOf(child)])),
        { requiredKeys: Object.keys(properties).filter((key) => required.has(key)) },
      );
    }
    default:
      throw new Error(`request-arbitrary: unsupported node ${JSON.stringify(node)}`);
  }
}

/** A copy of a valid value that breaks one constraint, and which. */
export interface Broken {
  readonly constraint: string;
  readonly value: unknown;
}

/** A value of another JSON type than every type `node` allows. */
function otherType(node: Node): unknown {
  const types = [node.type ?? []].flat();
  return types.includes('integer') || types.includes('number') ? 'not a number' : 12;
}

/**
 * Every copy of `value` (valid for `node`) that breaks exactly one constraint of `node`, each with the path
 * and keyword it breaks (`data.price: minItems`).
 */
export function oneBroken(node: Node, value: unknown, path: readonly PathSegment[] = []): Broken[] {
  const at = (constraint: string, broken: unknown): Broken => ({
    constraint: `${path.join('.') || '(body)'}: ${constraint}`,
    value: broken,
  });
  const branch = node.oneOf ?? node.anyOf;
  if (branch) {
    // The branch the value belongs to: break it in a way that no other branch allows either, by its own
    // constant-valued fields (breaking those is what moves a value to no branch at all).
    const own = branch.find((b) => matchesConstants(b, value));
    return own ? oneBroken(own, value, path) : [];
  }
  if ('const' in node || node.enum) return [at('const', `not-${String(node.const ?? node.enum?.[0])}`)];
  if (Array.isArray(node.type)) return value === null ? [] : [at('type', otherType(node))];
  const out: Broken[] = [at('type', otherType(node))];
  if (node.type === 'string' && typeof value === 'string') {
    if ((node.minLength ?? 0) > 0) out.push(at('minLength', ''));
    if (node.pattern !== undefined) {
      const pattern = new RegExp(node.pattern, 'u');
      const bad = [`${value} `, ' ', '!', 'x'].find((text) => !pattern.test(text));
      if (bad !== undefined) out.push(at('pattern', bad));
    }
  }
  if (node.type === 'integer' && typeof value === 'number') {
    out.push(at('type (a fraction)', (node.minimum ?? 0) + 0.5));
    if (node.minimum !== undefined) out.push(at('minimum', node.minimum - 1));
    if (node.maximum !== undefined && node.maximum < Number.MAX_SAFE_INTEGER) {
      out.push(at('maximum', node.maximum + 1));
    }
  }
  if (node.type === 'array' && Array.isArray(value) && node.items) {
    if (node.minItems !== undefined && node.minItems > 0) {
      out.push(at('minItems', value.slice(0, node.minItems - 1)));
    }
    if (node.maxItems !== undefined && value.length > 0) {
      out.push(
        at(
          'maxItems',
          Array.from({ length: node.maxItems + 1 }, (_, i) => value[i % value.length]),
        ),
      );
    }
    if (value.length > 0) {
      for (const broken of oneBroken(node.items, value[0], [...path, 0])) {
        out.push({ ...broken, value: withAt(value, [0], broken.value) });
      }
    }
  }
  if (node.type === 'object' && typeof value === 'object' && value !== null && !Array.isArray(value)) {
    for (const key of node.required ?? []) out.push(at(`required ${key}`, withoutAt(value, [key])));
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      if (!Object.hasOwn(value, key)) continue;
      const field = (value as Record<string, unknown>)[key];
      for (const broken of oneBroken(child, field, [...path, key])) {
        out.push({ ...broken, value: withAt(value, [key], broken.value) });
      }
    }
  }
  return out;
}

/** Whether `value` has the constant fields of the object branch `node`. */
function matchesConstants(node: Node, value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return false;
  return Object.entries(node.properties ?? {}).every(
    ([key, child]) => !('const' in child) || (value as Record<string, unknown>)[key] === child.const,
  );
}

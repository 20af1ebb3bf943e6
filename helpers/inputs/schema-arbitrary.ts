/**
 * fast-check arbitraries read from the JSON Schemas of `schemas/` (the schemas are the specification's §2
 * tables as data): a field's type, bounds, length, pattern, format and enumeration give the values a
 * generator draws, so that what the deep profile sends follows the schemas rather than a hand-written list.
 */
import fc from 'fast-check';
import { loadSchemaFiles } from '../schema/schema-files.ts';

/** A JSON Schema node (the subset that the suite's schemas use). */
export interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly minimum?: number;
  readonly maximum?: number;
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly pattern?: string;
  readonly format?: string;
  readonly items?: SchemaNode;
  readonly minItems?: number;
  readonly maxItems?: number;
  readonly properties?: Readonly<Record<string, SchemaNode>>;
  readonly required?: readonly string[];
  readonly $ref?: string;
  readonly [key: string]: unknown;
}

let documents: Map<string, SchemaNode> | undefined;

function documentNamed(name: string): SchemaNode {
  documents ??= new Map(loadSchemaFiles().map((f) => [f.name, f.schema as SchemaNode]));
  const found = documents.get(name);
  if (!found) throw new Error(`no schema ${name} in schemas/`);
  return found;
}

/**
 * The node at a JSON pointer of a schema file, `$ref`s followed (local ones and `x.schema.json#/…`), e.g.
 * `schemaNode('listing-envelope', '/$defs/meta/properties/page/properties/limit')`.
 */
export function schemaNode(name: string, pointer: string): SchemaNode {
  return locate(name, pointer).node;
}

function locate(name: string, pointer: string): { node: SchemaNode; file: string } {
  let at = { node: documentNamed(name), file: name };
  for (const part of pointer.split('/').filter(Boolean)) {
    at = resolve(at);
    const next = at.node[part.replace(/~1/g, '/').replace(/~0/g, '~')];
    if (next === undefined) throw new Error(`no node ${pointer} in schemas/${name}.schema.json`);
    at = { node: next as SchemaNode, file: at.file };
  }
  return resolve(at);
}

/** Follows `$ref` until a node without one, keeping track of the file it is in. */
function resolve(at: { node: SchemaNode; file: string }): { node: SchemaNode; file: string } {
  if (typeof at.node.$ref !== 'string') return at;
  const [target = '', fragment = ''] = at.node.$ref.split('#');
  const file = target ? target.replace(/^.*\//, '').replace(/\.schema\.json$/, '') : at.file;
  return locate(file, fragment);
}

/** Overrides of a node's bounds where the specification's prose (§8) is narrower than the schema. */
export type SchemaBounds = Pick<SchemaNode, 'minimum' | 'maximum' | 'minLength' | 'maxLength' | 'maxItems'>;

/** An arbitrary of the values a schema node allows (a string of `maxLength` 64 when the node has none). */
export function arbitraryOf(node: SchemaNode, bounds: SchemaBounds = {}): fc.Arbitrary<unknown> {
  const n = { ...node, ...bounds };
  if (n.const !== undefined) return fc.constant(n.const);
  if (n.enum) return fc.constantFrom(...n.enum);
  const types = typeof n.type === 'string' ? [n.type] : [...(n.type ?? ['string'])];
  return fc.oneof(...types.map((type) => arbitraryOfType(type, n)));
}

function arbitraryOfType(type: string, n: SchemaNode): fc.Arbitrary<unknown> {
  switch (type) {
    case 'integer':
      return fc.integer({
        min: n.minimum ?? Number.MIN_SAFE_INTEGER,
        max: n.maximum ?? Number.MAX_SAFE_INTEGER,
      });
    case 'number':
      return fc.double({ min: n.minimum ?? -1e15, max: n.maximum ?? 1e15, noNaN: true });
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array':
      return fc.array(n.items ? arbitraryOf(n.items) : fc.string(), {
        minLength: n.minItems ?? 0,
        maxLength: n.maxItems ?? 5,
      });
    case 'object': {
      const props = Object.entries(n.properties ?? {}).map(([k, v]) => [k, arbitraryOf(v)] as const);
      return fc.record(Object.fromEntries(props), { requiredKeys: [...(n.required ?? [])] });
    }
    default:
      return stringOf(n);
  }
}

function stringOf(n: SchemaNode): fc.Arbitrary<string> {
  if (n.format === 'uuid') return fc.uuid();
  if (n.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (n.format === 'uri') return fc.webUrl();
  if (n.pattern) return fc.stringMatching(new RegExp(n.pattern));
  return fc.string({ minLength: n.minLength ?? 0, maxLength: n.maxLength ?? 64, unit: 'grapheme' });
}

/** fast-check arbitraries read from the JSON Schemas of `schemas/`: a field's type and length bounds. */
import fc from 'fast-check';
import { loadSchemaFiles } from '../schema/schema-files.ts';

export interface SchemaNode {
  readonly type?: string | readonly string[];
  readonly minLength?: number;
  readonly maxLength?: number;
  readonly $ref?: string;
  readonly [key: string]: unknown;
}

let documents: Map<string, SchemaNode> | undefined;

/** The node at a JSON pointer of a schema file (read as it is: the fields read have no `$ref` on the way). */
export function schemaNode(name: string, pointer: string): SchemaNode {
  documents ??= new Map(loadSchemaFiles().map((f) => [f.name, f.schema as SchemaNode]));
  const parts = pointer.split('/').filter(Boolean);
  const node = parts.reduce<SchemaNode | undefined>(
    (at, part) => at?.[part.replace(/~1/g, '/').replace(/~0/g, '~')] as SchemaNode | undefined,
    documents.get(name),
  );
  if (node === undefined) throw new Error(`no node ${pointer} in schemas/${name}.schema.json`);
  return node;
}

/** The integers of a node of type `integer`, within the bounds of §8 (narrower than the schema's). */
export function integersOf(node: SchemaNode, { minimum, maximum }: { minimum: number; maximum: number }) {
  if (node.type !== 'integer') throw new Error(`not an integer node: ${JSON.stringify(node)}`);
  return fc.oneof(fc.integer({ min: minimum, max: maximum }));
}

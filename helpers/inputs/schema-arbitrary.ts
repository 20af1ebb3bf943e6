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

function documentNamed(name: string): SchemaNode {
  documents ??= new Map(loadSchemaFiles().map((f) => [f.name, f.schema as SchemaNode]));
  const found = documents.get(name);
  if (!found) throw new Error(`no schema ${name} in schemas/`);
  return found;
}

/** The node at a JSON pointer of a schema file, `$ref`s followed. */
export const schemaNode = (name: string, pointer: string): SchemaNode => locate(name, pointer).node;

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

function resolve(at: { node: SchemaNode; file: string }): { node: SchemaNode; file: string } {
  if (typeof at.node.$ref !== 'string') return at;
  const [target = '', fragment = ''] = at.node.$ref.split('#');
  const file = target ? target.replace(/^.*\//, '').replace(/\.schema\.json$/, '') : at.file;
  return locate(file, fragment);
}

/** The integers of a node of type `integer`, within the bounds of §8 (narrower than the schema's). */
export function integersOf(
  node: SchemaNode,
  { minimum, maximum }: { readonly minimum: number; readonly maximum: number },
): fc.Arbitrary<number> {
  if (node.type !== 'integer') throw new Error(`not an integer node: ${JSON.stringify(node)}`);
  return fc.oneof(fc.integer({ min: minimum, max: maximum }));
}

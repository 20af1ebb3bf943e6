import type { PathSegment } from '../../helpers/schema/diagnostics.ts';
import { loadSchemaFiles, type SchemaFile, schemaId } from '../../helpers/schema/schema-files.ts';
import type { SchemaName } from '../../schemas/types.generated.ts';
import { createSchemaAjv, type SchemaAjv } from './ajv.ts';

/** A property that a schema requires, located in a sample document. */
export interface RequiredField {
  /** Where the property is in the document. */
  path: PathSegment[];
}

type Node = Record<string, unknown>;

function isNode(value: unknown): value is Node {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function pointerGet(document: unknown, pointer: string): unknown {
  if (pointer === '' || pointer === '/') return document;
  let current = document;
  for (const raw of pointer.slice(1).split('/')) {
    const key = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    current = isNode(current) || Array.isArray(current) ? (current as Node)[key] : undefined;
  }
  return current;
}

function escapePointer(key: string): string {
  return key.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * Walks the schema `name` together with `document` (a valid document) and lists every property that some
 * applicable schema requires and that the document has: nested ones included, through `$ref` (across files),
 * `allOf`, `if` / `then` (when the document satisfies `if`), `properties`, `additionalProperties` and `items`
 * (first element only). The list is in walk order, without duplicates.
 *
 * Meant for tests: remove each listed property, or give it a wrong type, and expect a diagnostic at its path.
 *
 * @param name - the schema name.
 * @param document - a document valid against it (e.g. `sampleFor(name)`).
 * @param files - the schema files; all of `schemas/` unless told otherwise.
 */
export function requiredFields(
  name: SchemaName,
  document: unknown,
  files: readonly SchemaFile[] = loadSchemaFiles(),
): RequiredField[] {
  const byId = new Map(files.map((file) => [file.schema.$id, file.schema]));
  let ajv: SchemaAjv | undefined;
  const matches = (uri: string, value: unknown): boolean => {
    ajv ??= createSchemaAjv(files);
    const fn = ajv.getSchema(uri);
    if (fn === undefined) throw new Error(`cannot compile ${uri}`);
    return fn(value) === true;
  };
  const found = new Map<string, RequiredField>();

  const walk = (node: unknown, base: string, pointer: string, value: unknown, path: PathSegment[]): void => {
    if (!isNode(node)) return;
    if (typeof node.$ref === 'string') {
      const target = new URL(node.$ref, base);
      const fragment = decodeURIComponent(target.hash.slice(1));
      target.hash = '';
      const schema = byId.get(target.href);
      if (schema === undefined) throw new Error(`unresolved $ref ${node.$ref} from ${base}${pointer}`);
      walk(pointerGet(schema, fragment), target.href, fragment, value, path);
    }
    if (Array.isArray(node.allOf)) {
      node.allOf.forEach((branch, i) => {
        walk(branch, base, `${pointer}/allOf/${i}`, value, path);
      });
    }
    if (isNode(node.if) && isNode(node.then) && matches(`${base}#${pointer}/if`, value)) {
      walk(node.then, base, `${pointer}/then`, value, path);
    }
    if (isNode(value)) {
      for (const key of Array.isArray(node.required) ? node.required : []) {
        if (typeof key === 'string' && key in value) {
          const fieldPath = [...path, key];
          found.set(JSON.stringify(fieldPath), { path: fieldPath });
        }
      }
      const properties = isNode(node.properties) ? node.properties : {};
      for (const [key, sub] of Object.entries(properties)) {
        if (key in value)
          walk(sub, base, `${pointer}/properties/${escapePointer(key)}`, value[key], [...path, key]);
      }
      if (isNode(node.additionalProperties)) {
        for (const key of Object.keys(value).filter((k) => !(k in properties))) {
          walk(node.additionalProperties, base, `${pointer}/additionalProperties`, value[key], [
            ...path,
            key,
          ]);
        }
      }
    }
    if (Array.isArray(value) && value.length > 0 && isNode(node.items)) {
      walk(node.items, base, `${pointer}/items`, value[0], [...path, 0]);
    }
  };

  const id = schemaId(name);
  walk(byId.get(id), id, '', document, []);
  return [...found.values()];
}

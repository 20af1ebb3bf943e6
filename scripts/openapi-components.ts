import { loadSchemaFiles, type SchemaFile } from '../helpers/schema/schema-files.ts';

/** A JSON Schema (2020-12) as it appears in the OpenAPI document. */
export type SchemaObject = Record<string, unknown>;

/** A schema file's root (`def` is `''`) or one of its `$defs` entries, for messages. */
const where = (file: string, def: string) => (def ? `${file}#/$defs/${def}` : file);

/** The schema file that holds only `$defs`: its root is no component. */
const DEFS_ONLY = 'common';

/** `#/components/schemas/<name>`. */
export function componentRef(name: string): string {
  return `#/components/schemas/${name}`;
}

/**
 * The `components.schemas` of the OpenAPI document: each schema file's root and `$defs` entry, named by its
 * `title`, its relative `$ref`s pointing at components (for tools that do not follow `$id`).
 */
export function schemaComponents(
  files: readonly SchemaFile[] = loadSchemaFiles(),
): Record<string, SchemaObject> {
  const entries = files.flatMap(({ file, name, schema }) => {
    const { $schema: _schema, $id: _id, $defs = {}, ...root } = schema;
    const defs = Object.entries($defs as Record<string, SchemaObject>).map(([def, s]) => ({ file, def, s }));
    return name === DEFS_ONLY ? defs : [{ file, def: '', s: root }, ...defs];
  });
  // Component name of every file root (`def` is '') and `$defs` entry, keyed `file#def`.
  const names = new Map<string, string>();
  for (const { file, def, s } of entries) {
    if (typeof s.title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(s.title)) {
      throw new Error(`${where(file, def)}: needs a PascalCase title`);
    }
    if ([...names.values()].includes(s.title))
      throw new Error(`${file}: the title ${s.title} is taken twice`);
    names.set(`${file}#${def}`, s.title);
  }
  const components = entries.map(({ file, s }) => [s.title as string, rewrite(s, file, names)] as const);
  return Object.fromEntries(components.sort(([a], [b]) => (a < b ? -1 : 1)));
}

/** A copy of `value` with every `$ref` rewritten to its component (refs are relative to `file`). */
function rewrite(value: unknown, file: string, names: Map<string, string>): SchemaObject {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (typeof node !== 'object' || node === null) return node;
    return Object.fromEntries(
      Object.entries(node).map(([key, child]) => [
        key,
        key === '$ref' && typeof child === 'string' ? componentRef(target(child, file, names)) : walk(child),
      ]),
    );
  };
  return walk(value) as SchemaObject;
}

/** The component a relative `$ref` of `file` points at. */
function target(ref: string, file: string, names: Map<string, string>): string {
  const [path = '', pointer = ''] = ref.split('#');
  const def = /^\/\$defs\/([^/]+)$/.exec(pointer)?.[1];
  if (pointer !== '' && def === undefined) {
    throw new Error(
      `${file}: $ref "${ref}" points inside a schema; only roots and $defs entries are supported`,
    );
  }
  const of = path === '' ? file : path;
  const name = names.get(`${of}#${def ?? ''}`);
  if (name === undefined) throw new Error(`no component for ${where(of, def ?? '')}`);
  return name;
}

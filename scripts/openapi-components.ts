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
  const names = componentNames(files);
  const components: Record<string, SchemaObject> = {};
  for (const { file, name, schema } of files) {
    const defs = (schema.$defs ?? {}) as Record<string, SchemaObject>;
    for (const [key, def] of Object.entries(defs)) {
      components[nameOf(names, file, key)] = rewrite(def, file, names);
    }
    if (name === DEFS_ONLY) continue;
    const { $schema: _schema, $id: _id, $defs: _defs, ...root } = schema;
    components[nameOf(names, file, '')] = rewrite(root, file, names);
  }
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Component name of every file root and `$defs` entry, keyed `file#def`. */
function componentNames(files: readonly SchemaFile[]): Map<string, string> {
  const names = new Map<string, string>();
  const add = (file: string, def: string, title: unknown) => {
    if (typeof title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(title)) {
      throw new Error(`${where(file, def)}: needs a PascalCase title`);
    }
    if ([...names.values()].includes(title)) throw new Error(`${file}: the title ${title} is taken twice`);
    names.set(`${file}#${def}`, title);
  };
  for (const { file, name, schema } of files) {
    if (name !== DEFS_ONLY) add(file, '', schema.title);
    for (const [key, def] of Object.entries((schema.$defs ?? {}) as Record<string, SchemaObject>)) {
      add(file, key, def.title);
    }
  }
  return names;
}

function nameOf(names: Map<string, string>, file: string, def: string): string {
  const name = names.get(`${file}#${def}`);
  if (name === undefined) throw new Error(`no component for ${where(file, def)}`);
  return name;
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
  return nameOf(names, path === '' ? file : path, def ?? '');
}

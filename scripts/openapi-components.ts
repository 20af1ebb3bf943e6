import { loadSchemaFiles, type SchemaFile } from '../helpers/schema/schema-files.ts';

/** A JSON Schema (2020-12) as it appears in the OpenAPI document. */
export type SchemaObject = Record<string, unknown>;

/** Where a component of the OpenAPI document comes from: a schema file, or one `$defs` entry of it. */
interface Source {
  readonly file: string;
  /** `''` for the file's root schema, else the `$defs` key. */
  readonly def: string;
}

/** The schema file that holds only `$defs` (no root constraint): it gives no component of its own. */
const DEFS_ONLY = 'common';

/** `#/components/schemas/<name>`. */
export function componentRef(name: string): string {
  return `#/components/schemas/${name}`;
}

/**
 * The `components.schemas` of the OpenAPI document, generated from `schemas/` (never copied by hand): each
 * schema file's root becomes a component named by its `title` (`Transaction`, `CategoryListing`, …; the names
 * of the generated TypeScript types), and so does each `$defs` entry (`Uuid`, `ListingLinks`, `ProductPrice`,
 * …). `$schema`, `$id` and `$defs` are dropped and every relative `$ref` (`common.schema.json#/$defs/uuid`,
 * `#/$defs/price`, `category.schema.json`) becomes `#/components/schemas/<name>`, so that OpenAPI tools that
 * do not follow `$id` (Prism, Schemathesis, client generators) resolve them. Nothing else changes: extra
 * fields stay allowed, `tax-code` keeps its hyphen, the refund transaction's `meta` stays optional.
 *
 * @throws when a title is missing or taken twice, or a `$ref` points elsewhere than a file root or a `$defs` entry.
 */
export function schemaComponents(
  files: readonly SchemaFile[] = loadSchemaFiles(),
): Record<string, SchemaObject> {
  const names = componentNames(files);
  const components: Record<string, SchemaObject> = {};
  for (const { file, name, schema } of files) {
    const defs = (schema.$defs ?? {}) as Record<string, SchemaObject>;
    for (const [key, def] of Object.entries(defs)) {
      components[nameOf(names, { file, def: key })] = rewrite(def, file, names);
    }
    if (name === DEFS_ONLY) continue;
    const { $schema: _schema, $id: _id, $defs: _defs, ...root } = schema;
    components[nameOf(names, { file, def: '' })] = rewrite(root, file, names);
  }
  return Object.fromEntries(Object.entries(components).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

/** Component name of every file root and `$defs` entry, keyed `file#def`. */
function componentNames(files: readonly SchemaFile[]): Map<string, string> {
  const names = new Map<string, string>();
  const taken = new Set<string>();
  const add = (source: Source, title: unknown) => {
    if (typeof title !== 'string' || !/^[A-Z][A-Za-z0-9]*$/.test(title)) {
      throw new Error(`${source.file}${source.def ? `#/$defs/${source.def}` : ''}: needs a PascalCase title`);
    }
    if (taken.has(title)) throw new Error(`${source.file}: the title ${title} is taken twice`);
    taken.add(title);
    names.set(`${source.file}#${source.def}`, title);
  };
  for (const { file, name, schema } of files) {
    if (name !== DEFS_ONLY) add({ file, def: '' }, schema.title);
    for (const [key, def] of Object.entries((schema.$defs ?? {}) as Record<string, SchemaObject>)) {
      add({ file, def: key }, def.title);
    }
  }
  return names;
}

function nameOf(names: Map<string, string>, source: Source): string {
  const name = names.get(`${source.file}#${source.def}`);
  if (name === undefined) {
    throw new Error(`no component for ${source.file}${source.def ? `#/$defs/${source.def}` : ''}`);
  }
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
  return nameOf(names, { file: path === '' ? file : path, def: def ?? '' });
}

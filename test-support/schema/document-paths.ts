import type { PathSegment } from '../../helpers/schema/diagnostics.ts';

/** The value at a path (object keys and array indices) inside a document, or `undefined` when it leads nowhere. */
export { valueAt as getAt } from '../../helpers/schema/diagnostics.ts';

function parentOf(root: unknown, path: readonly PathSegment[]): Record<string | number, unknown> {
  let current = root;
  for (const segment of path.slice(0, -1)) {
    if (current === null || typeof current !== 'object') throw new Error(`no value at ${String(segment)}`);
    current = (current as Record<string | number, unknown>)[segment];
  }
  if (current === null || typeof current !== 'object')
    throw new Error('path does not lead into an object or array');
  return current as Record<string | number, unknown>;
}

/**
 * A deep copy of `document` without the property at `path` (an array element is removed, shifting the rest).
 *
 * @throws when the path does not lead to an existing parent.
 */
export function withoutAt<T>(document: T, path: readonly PathSegment[]): T {
  if (path.length === 0) throw new Error('cannot remove the document itself');
  const copy = structuredClone(document);
  const parent = parentOf(copy, path);
  const last = path[path.length - 1] as PathSegment;
  if (Array.isArray(parent) && typeof last === 'number') parent.splice(last, 1);
  else delete parent[last];
  return copy;
}

/**
 * A deep copy of `document` with `value` at `path` (the parent must exist).
 *
 * @throws when the path does not lead to an existing parent.
 */
export function withAt<T>(document: T, path: readonly PathSegment[], value: unknown): T {
  if (path.length === 0) return value as T;
  const copy = structuredClone(document);
  parentOf(copy, path)[path[path.length - 1] as PathSegment] = value;
  return copy;
}

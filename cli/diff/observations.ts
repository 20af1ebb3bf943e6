/** How deep objects are opened into rows; deeper values are shown as JSON. */
const DEPTH = 2;

/** The observations of an INFO rule as `path → value text` rows (`missing token.status`), to set side by side. */
export function flattenObservations(observations: Readonly<Record<string, unknown>>): Map<string, string> {
  const rows = new Map<string, string>();
  const visit = (prefix: string, value: unknown, depth: number) => {
    if (isPlainObject(value) && depth < DEPTH && Object.keys(value).length > 0) {
      for (const [key, inner] of Object.entries(value))
        visit(prefix ? `${prefix}.${key}` : key, inner, depth + 1);
      return;
    }
    rows.set(prefix, value === undefined ? 'undefined' : stableJson(value));
  };
  visit('', observations, 0);
  return rows;
}

/** JSON with object keys sorted, so that equal values give equal text. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    isPlainObject(inner)
      ? Object.fromEntries(Object.entries(inner).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)))
      : inner,
  );
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

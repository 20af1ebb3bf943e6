import type { ErrorObject } from 'ajv';

/**
 * One schema violation, stable and readable: `path`, the dotted path of the offending value or missing property
 * (`data[0].id`, `included["a b"]`; `''`: root); `keyword`, the JSON Schema keyword that failed.
 */
export type Diagnostic = { path: string; keyword: string; message: string };

export type PathSegment = string | number;

/** Keywords whose failure only repeats the errors of their subschemas. */
const REDUNDANT_KEYWORDS: ReadonlySet<string> = new Set(['if', 'allOf', '$ref']);

const PLAIN_KEY = /^[A-Za-z_$][\w$-]*$/;

const MAX_VALUE_LENGTH = 40;

/** Renders path segments as a dotted path (see `Diagnostic.path`). */
export function formatPath(segments: readonly PathSegment[]): string {
  let out = '';
  for (const segment of segments) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else if (PLAIN_KEY.test(segment)) out += out === '' ? segment : `.${segment}`;
    else out += `[${JSON.stringify(segment)}]`;
  }
  return out;
}

/** Splits an ajv `instancePath` into segments: indices where `instance` has an array (else digits). */
export function pointerToSegments(pointer: string, instance?: unknown): PathSegment[] {
  if (pointer === '') return [];
  const segments: PathSegment[] = [];
  let current: unknown = instance;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replaceAll('~1', '/').replaceAll('~0', '~');
    const isIndex = /^(0|[1-9]\d*)$/.test(key) && (instance === undefined || Array.isArray(current));
    segments.push(isIndex ? Number(key) : key);
    current = valueAt(current, [key]);
  }
  return segments;
}

export function valueAt(instance: unknown, segments: readonly PathSegment[]): unknown {
  const step = (at: unknown, segment: PathSegment) =>
    at !== null && typeof at === 'object' ? (at as Record<PathSegment, unknown>)[segment] : undefined;
  return segments.reduce(step, instance);
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

/** The message of a keyword's failure, from its params and `got` (what the value was). */
const MESSAGES: Readonly<Record<string, (params: Record<string, unknown>, got: string) => string>> = {
  required: () => 'is required',
  type: ({ type }, got) =>
    `must be ${(Array.isArray(type) ? type : String(type).split(',')).map(String).join(' or ')}${got}`,
  const: ({ allowedValue }, got) => `must equal ${JSON.stringify(allowedValue)}${got}`,
  enum: ({ allowedValues }, got) =>
    `must be one of ${(allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}${got}`,
  format: ({ format }, got) => `must match format "${String(format)}"${got}`,
  pattern: ({ pattern }, got) => `must match pattern "${String(pattern)}"${got}`,
  additionalProperties: () => 'is not allowed',
  unevaluatedProperties: () => 'is not allowed',
};

/** Turns ajv errors into diagnostics, sorted and deduplicated; `instance` is the validated document. */
export function toDiagnostics(errors: readonly ErrorObject[] | null | undefined, instance?: unknown) {
  const diagnostics: Diagnostic[] = [];
  for (const error of errors ?? []) {
    if (REDUNDANT_KEYWORDS.has(error.keyword)) continue;
    const segments = pointerToSegments(error.instancePath, instance);
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') segments.push(String(params.missingProperty));
    if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties')
      segments.push(String(params.additionalProperty ?? params.unevaluatedProperty));
    const got = `, got ${describeValue(valueAt(instance, segments))}`;
    const message = MESSAGES[error.keyword]?.(params, got) ?? error.message ?? `fails "${error.keyword}"`;
    diagnostics.push({ path: formatPath(segments), keyword: error.keyword, message });
  }
  return sortDiagnostics(diagnostics);
}

/** Sorts diagnostics by path, keyword, message (code-unit order) and removes duplicates. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const unique = new Map(diagnostics.map((d) => [`${d.path}\0${d.keyword}\0${d.message}`, d]));
  return [...unique.keys()].sort().map((key) => unique.get(key) as Diagnostic);
}

/** One line for a diagnostic: `<path>: <message> (<keyword>)`, with `(root)` for the document itself. */
export const formatDiagnostic = (diagnostic: Diagnostic): string =>
  `${diagnostic.path === '' ? '(root)' : diagnostic.path}: ${diagnostic.message} (${diagnostic.keyword})`;

/** Diagnostics as a failure message: sorted, at most `maxLines` lines then `… and N more`. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], maxLines = 20): string {
  const lines = sortDiagnostics(diagnostics).map(formatDiagnostic);
  if (lines.length <= maxLines) return lines.join('\n');
  return [...lines.slice(0, maxLines), `… and ${lines.length - maxLines} more`].join('\n');
}

import type { ErrorObject } from 'ajv';

/** One schema violation, stable and readable. */
export interface Diagnostic {
  /** Dotted path of the offending value or missing property (`data[0].id`, `included["a b"]`); `''`: root. */
  path: string;
  /** The JSON Schema keyword that failed. */
  keyword: string;
  message: string;
}

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
    const isIndex = /^(0|[1-9]\d*)$/.test(key) && (instance === undefined ? true : Array.isArray(current));
    segments.push(isIndex ? Number(key) : key);
    current =
      current !== null && typeof current === 'object' ? (current as Record<string, unknown>)[key] : undefined;
  }
  return segments;
}

export function valueAt(instance: unknown, segments: readonly PathSegment[]): unknown {
  let current = instance;
  for (const segment of segments) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string | number, unknown>)[segment];
  }
  return current;
}

function describeValue(value: unknown): string {
  if (Array.isArray(value)) return 'an array';
  if (value !== null && typeof value === 'object') return 'an object';
  const text = JSON.stringify(value) ?? String(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

function listTypes(type: unknown): string {
  const types = Array.isArray(type) ? type : String(type).split(',');
  return types.map(String).join(' or ');
}

function messageFor(error: ErrorObject, actual: unknown): string {
  const params = error.params as Record<string, unknown>;
  const got = `, got ${describeValue(actual)}`;
  switch (error.keyword) {
    case 'required':
      return 'is required';
    case 'type':
      return `must be ${listTypes(params.type)}${got}`;
    case 'const':
      return `must equal ${JSON.stringify(params.allowedValue)}${got}`;
    case 'enum':
      return `must be one of ${(params.allowedValues as unknown[]).map((v) => JSON.stringify(v)).join(', ')}${got}`;
    case 'format':
      return `must match format "${String(params.format)}"${got}`;
    case 'pattern':
      return `must match pattern "${String(params.pattern)}"${got}`;
    case 'additionalProperties':
    case 'unevaluatedProperties':
      return 'is not allowed';
    default:
      return error.message ?? `fails "${error.keyword}"`;
  }
}

/** Turns ajv errors into diagnostics, sorted and deduplicated; `instance` is the validated document. */
export function toDiagnostics(
  errors: readonly ErrorObject[] | null | undefined,
  instance?: unknown,
): Diagnostic[] {
  const diagnostics: Diagnostic[] = [];
  for (const error of errors ?? []) {
    if (REDUNDANT_KEYWORDS.has(error.keyword)) continue;
    const segments = pointerToSegments(error.instancePath, instance);
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') segments.push(String(params.missingProperty));
    if (error.keyword === 'additionalProperties' || error.keyword === 'unevaluatedProperties') {
      segments.push(String(params.additionalProperty ?? params.unevaluatedProperty));
    }
    diagnostics.push({
      path: formatPath(segments),
      keyword: error.keyword,
      message: messageFor(error, valueAt(instance, segments)),
    });
  }
  return sortDiagnostics(diagnostics);
}

function compareStrings(a: string, b: string): number {
  if (a < b) return -1;
  return a > b ? 1 : 0;
}

/** Sorts diagnostics by path, keyword, message (code-unit order) and removes duplicates. */
export function sortDiagnostics(diagnostics: readonly Diagnostic[]): Diagnostic[] {
  const sorted = [...diagnostics].sort(
    (a, b) =>
      compareStrings(a.path, b.path) ||
      compareStrings(a.keyword, b.keyword) ||
      compareStrings(a.message, b.message),
  );
  return [...new Map(sorted.map((d) => [formatDiagnostic(d), d])).values()];
}

/** One line for a diagnostic: `<path>: <message> (<keyword>)`, with `(root)` for the document itself. */
export function formatDiagnostic(diagnostic: Diagnostic): string {
  return `${diagnostic.path === '' ? '(root)' : diagnostic.path}: ${diagnostic.message} (${diagnostic.keyword})`;
}

/** Diagnostics as a failure message: sorted, at most `maxLines` lines then `… and N more`. */
export function formatDiagnostics(diagnostics: readonly Diagnostic[], maxLines = 20): string {
  const lines = sortDiagnostics(diagnostics).map(formatDiagnostic);
  if (lines.length <= maxLines) return lines.join('\n');
  return [...lines.slice(0, maxLines), `… and ${lines.length - maxLines} more`].join('\n');
}

import type { Redactor } from '../../helpers/http/redact.ts';

/**
 * A copy of `value` with every string (and object key) passed through the redactor: the report writer's last
 * line of defence, before any format is rendered, so that a secret is caught whatever escaping a format
 * would give it later.
 */
export function redactDeep<T>(value: T, redactor: Redactor): T {
  return walk(value, redactor) as T;
}

function walk(value: unknown, redactor: Redactor): unknown {
  if (typeof value === 'string') return redactor.text(value);
  if (Array.isArray(value)) return value.map((v) => walk(v, redactor));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [redactor.text(k), walk(v, redactor)]));
  }
  return value;
}

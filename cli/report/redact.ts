import type { Redactor } from '../../helpers/http/redact.ts';

/** A copy of `value` with every string and key redacted, before any format gives a secret its escaping. */
export function redactDeep<T>(value: T, redactor: Redactor): T {
  if (typeof value === 'string') return redactor.text(value) as T;
  if (Array.isArray(value)) return value.map((v) => redactDeep(v, redactor)) as T;
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [redactor.text(k), redactDeep(v, redactor)]),
    ) as T;
  }
  return value;
}

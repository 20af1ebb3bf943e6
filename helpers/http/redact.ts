/** Replaces secrets (tokens, client secrets) in anything that may end up in evidence or a report. */
export interface Redactor {
  text(value: string): string;
  headers(headers: Readonly<Record<string, string>>): Record<string, string>;
}

export const REDACTED = '[redacted]';

/** A redactor for the given secrets; very short ones are ignored (redacting "a" would mangle every body). */
export function createRedactor(secrets: readonly (string | undefined)[]): Redactor {
  const kept = new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4));
  const variants = [...kept].sort((a, b) => b.length - a.length).flatMap((s) => [s, encodeURIComponent(s)]);
  const text = (value: string) => variants.reduce((out, secret) => out.replaceAll(secret, REDACTED), value);
  return {
    text,
    headers: (given) => Object.fromEntries(Object.entries(given).map(([name, value]) => [name, text(value)])),
  };
}

/** Replaces secrets (tokens, client secrets) in anything that may end up in evidence or a report. */
export interface Redactor {
  text(value: string): string;
  headers(headers: Readonly<Record<string, string>>): Record<string, string>;
}

export const REDACTED = '[redacted]';

/** A redactor for the given secrets; very short ones are ignored (redacting "a" would mangle every body). */
export function createRedactor(secrets: readonly (string | undefined)[]): Redactor {
  const list = [...new Set(secrets.filter((s): s is string => typeof s === 'string' && s.length >= 4))].sort(
    (a, b) => b.length - a.length,
  );
  const variants = list.flatMap((s) => [s, encodeURIComponent(s)]);
  const text = (value: string): string => {
    let out = value;
    for (const secret of variants) out = out.split(secret).join(REDACTED);
    return out;
  };
  return {
    text,
    headers: (headers) =>
      Object.fromEntries(Object.entries(headers).map(([name, value]) => [name, text(value)])),
  };
}

import type { RecordedRequest } from './evidence.ts';

function shellQuote(value: string): string {
  return `'${value.replace(/'/g, `'\\''`)}'`;
}

/** A curl command that reproduces a recorded request, the redacted token read from `$CONFORMANCE_TOKEN`. */
export function toCurl(request: RecordedRequest): string {
  // -g: no URL globbing, so that page[limit] is sent as written.
  const parts = ['curl', '-i', '-g', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    if (name.toLowerCase() === 'authorization') {
      const scheme = /^(\S+)\s/.exec(value)?.[1];
      // An invalid token that the suite sent on purpose stays as it is; only the real one is a variable.
      parts.push(
        '-H',
        value.includes('[redacted]')
          ? `"${name}: ${scheme ?? 'Bearer'} $CONFORMANCE_TOKEN"`
          : shellQuote(`${name}: ${value}`),
      );
    } else {
      parts.push('-H', shellQuote(`${name}: ${value}`));
    }
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}

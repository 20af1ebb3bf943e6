/** One request and what came back, as kept for evidence: already redacted. */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export interface Evidence {
  readonly request: RecordedRequest;
  /** Absent when the request failed at the transport level (see `error`). */
  readonly response?: RecordedResponse;
  /** The transport error, when there was no response. */
  readonly error?: string;
  readonly durationMs: number;
  readonly curl: string;
  /** Which attempt of the request this was, when it was a retry (2 for the first retry). */
  readonly attempt?: number;
}

const MAX_EVIDENCE_BODY = 20_000;

/** A body as evidence keeps it: cut at {@link MAX_EVIDENCE_BODY} characters, with a marker. */
export const evidenceBody = (text: string): string =>
  text.length > MAX_EVIDENCE_BODY
    ? `${text.slice(0, MAX_EVIDENCE_BODY)}… [${text.length - MAX_EVIDENCE_BODY} more characters]`
    : text;

const shellQuote = (value: string): string => `'${value.replace(/'/g, `'\\''`)}'`;

/** A curl command that reproduces a recorded request, the redacted token read from `$CONFORMANCE_TOKEN`. */
export function toCurl(request: RecordedRequest): string {
  // -g: no URL globbing, so that page[limit] is sent as written.
  const parts = ['curl', '-i', '-g', '-X', request.method, shellQuote(request.url)];
  for (const [name, value] of Object.entries(request.headers)) {
    // An invalid token that the suite sent on purpose stays as it is; only the real one is a variable.
    const variable = name.toLowerCase() === 'authorization' && value.includes('[redacted]');
    const scheme = /^(\S+)\s/.exec(value)?.[1] ?? 'Bearer';
    parts.push('-H', variable ? `"${name}: ${scheme} $CONFORMANCE_TOKEN"` : shellQuote(`${name}: ${value}`));
  }
  if (request.body !== undefined) parts.push('--data-raw', shellQuote(request.body));
  return parts.join(' ');
}

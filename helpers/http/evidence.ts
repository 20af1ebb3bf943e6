/**
 * One request and what came back, as kept for evidence (a check's, a failure's, a report's). Everything here
 * is already redacted: no token or client secret ever reaches it.
 */
export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as sent (text), if any. */
  readonly body?: string;
}

export interface RecordedResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  /** The body as received (text), cut at {@link MAX_EVIDENCE_BODY} characters. */
  readonly body: string;
}

export interface Evidence {
  readonly request: RecordedRequest;
  /** Absent when the request failed at the transport level (see `error`). */
  readonly response?: RecordedResponse;
  /** Transport error (refused connection, timeout, reset), when there was no response. */
  readonly error?: string;
  readonly durationMs: number;
  /** A curl command that reproduces the request; the token is read from `$CONFORMANCE_TOKEN`. */
  readonly curl: string;
  /** Which attempt of the request this was, when it was a retry (2 for the first retry); absent otherwise. */
  readonly attempt?: number;
}

/** Longest body kept in evidence; longer bodies are cut with a marker. */
export const MAX_EVIDENCE_BODY = 20_000;

/** A body as evidence keeps it: cut at {@link MAX_EVIDENCE_BODY} characters, with a marker. */
export function evidenceBody(text: string): string {
  return text.length > MAX_EVIDENCE_BODY
    ? `${text.slice(0, MAX_EVIDENCE_BODY)}… [${text.length - MAX_EVIDENCE_BODY} more characters]`
    : text;
}

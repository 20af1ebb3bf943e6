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
export function evidenceBody(text: string): string {
  return text.length > MAX_EVIDENCE_BODY
    ? `${text.slice(0, MAX_EVIDENCE_BODY)}… [${text.length - MAX_EVIDENCE_BODY} more characters]`
    : text;
}

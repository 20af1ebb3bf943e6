/**
 * One exchange of traffic the suite did not send (a HAR entry, or an exchange through the proxy) as an entry
 * of the journal (`helpers/http/journal.ts`), so that the exchange rules judge it as they judge the suite's
 * own: its path after the base URL, its body, what its `Authorization` header carried, the answer, and the
 * evidence, redacted, with a curl command.
 */
import { toCurl } from '../../helpers/http/curl.ts';
import { type Evidence, evidenceBody, type RecordedRequest } from '../../helpers/http/evidence.ts';
import { type Credentials, Exchange, type Method, type Source } from '../../helpers/http/journal.ts';
import { ApiResponse } from '../../helpers/http/response.ts';
import type { HarEntry, HarHeader } from './har.ts';
import type { TrafficSecrets } from './secrets.ts';

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What became of an exchange: judged, under the API but not judged (with the reason), or not the API's. */
export type Recorded =
  | { readonly kind: 'exchange'; readonly x: Exchange }
  | { readonly kind: 'not judged'; readonly reason: string }
  | { readonly kind: 'outside' };

/** The base URL of a request to the API: the URL up to the path's `/v2` segment; undefined for other URLs. */
export function apiBase(url: string): string | undefined {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return undefined;
  }
  const at = `${parsed.pathname}/`.indexOf('/v2/');
  return at < 0 ? undefined : `${parsed.origin}${parsed.pathname.slice(0, at)}`;
}

/** The path of `url` after `base` (query string included), when it is a request to the API under `base`. */
export function apiPath(url: string, base: string): string | undefined {
  const noFragment = url.split('#')[0] as string;
  if (!noFragment.startsWith(base)) return undefined;
  const path = noFragment.slice(base.length);
  return /^\/v2(\/|\?|$)/.test(path) ? path : undefined;
}

/** A HAR entry as the journal keeps it, or why it is not judged. */
export function fromHar(
  har: HarEntry,
  base: string,
  source: Source,
  sent: number,
  secrets: TrafficSecrets,
): Recorded {
  const path = apiPath(har.request.url, base);
  if (path === undefined) return { kind: 'outside' };
  const requestBody = har.request.postData?.text;
  secrets.learn(har.request.headers ?? [], har.request.url, requestBody);
  const response = har.response;
  if (!response?.status) return { kind: 'not judged', reason: 'no answer (the request failed)' };
  const content = response.content;
  secrets.learn(response.headers ?? []);
  // A body the tool did not keep: no text, or an empty one where the answer had a body (browsers lose some).
  const length = Number(headerRecord(response.headers ?? [])['content-length'] ?? 0);
  if (!content?.text && ((content?.size ?? 0) > 0 || length > 0)) {
    return { kind: 'not judged', reason: 'the recording holds no body of the answer' };
  }
  const text =
    content?.text === undefined
      ? ''
      : content.encoding === 'base64'
        ? Buffer.from(content.text, 'base64').toString('utf8')
        : content.text;
  secrets.learn([], undefined, text);
  return recorded(
    {
      method: har.request.method,
      url: har.request.url,
      path,
      headers: headerRecord(har.request.headers ?? []),
      ...(requestBody !== undefined ? { body: requestBody } : {}),
    },
    { status: response.status, headers: headerRecord(response.headers ?? []), text },
    { source, sent, durationMs: har.time ?? 0 },
    secrets,
  );
}

/** A request as it went, before redaction. */
export interface PlainRequest {
  readonly method: string;
  readonly url: string;
  /** The path after the base URL, query string included. */
  readonly path: string;
  /** Header names in lower case. */
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
}

/** An answer as it came, its body decoded to text. */
export interface PlainAnswer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly text: string;
}

/** The exchange of a request and its answer: redacted evidence, credentials, the parsed answer. */
export function recorded(
  request: PlainRequest,
  answer: PlainAnswer,
  at: { readonly source: Source; readonly sent: number; readonly durationMs: number },
  secrets: TrafficSecrets,
): Recorded {
  const method = request.method.toUpperCase() as Method;
  if (!METHODS.includes(method)) {
    return { kind: 'not judged', reason: `${method} requests (the rules judge ${METHODS.join(', ')})` };
  }
  const redactor = secrets.redactor();
  const shown: RecordedRequest = {
    method,
    url: redactor.text(request.url),
    headers: secrets.headers(request.headers),
    ...(request.body !== undefined && request.body !== ''
      ? { body: evidenceBody(redactor.text(request.body)) }
      : {}),
  };
  const evidence: Evidence = {
    request: shown,
    response: {
      status: answer.status,
      headers: secrets.headers(answer.headers),
      body: evidenceBody(redactor.text(answer.text)),
    },
    durationMs: Math.round(at.durationMs),
    curl: toCurl(shown),
  };
  const x = new Exchange({
    sent: at.sent,
    source: at.source,
    method,
    target: request.path,
    options: request.body !== undefined && request.body !== '' ? { raw: request.body } : {},
    credentials: credentialsOf(request.headers.authorization, answer.status),
    response: new ApiResponse(answer.status, answer.headers, answer.text, evidence),
    evidence,
  });
  return { kind: 'exchange', x };
}

/**
 * What a recorded `Authorization` header carried: nothing; a bearer token the target took (`token`); or a
 * token it refused (401, 403) or another header, which may or may not have been valid (`unknown`).
 */
export function credentialsOf(header: string | undefined, status: number): Credentials {
  if (header === undefined || header.trim() === '') return 'none';
  if (status === 401 || status === 403) return 'unknown';
  return /^Bearer \S+$/.test(header) ? 'token' : 'unknown';
}

/** HAR headers as a record: names in lower case, HTTP/2 pseudo-headers left out, repeated ones joined. */
export function headerRecord(headers: readonly HarHeader[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of headers) {
    if (name.startsWith(':')) continue;
    const lower = name.toLowerCase();
    out[lower] = out[lower] === undefined ? value : `${out[lower]}, ${value}`;
  }
  return out;
}

/** One exchange of traffic the suite did not send, as an entry of the journal that the exchange rules judge. */
import { type Evidence, evidenceBody, type RecordedRequest, toCurl } from '../../helpers/http/evidence.ts';
import { type Credentials, Exchange, type Method, type Source } from '../../helpers/http/journal.ts';
import { ApiResponse } from '../../helpers/http/response.ts';
import type { HarHeader } from './har.ts';
import { type HarExchange, UNKNOWN_CONTENT_TYPE, UNKNOWN_CREDENTIALS } from './har-entry.ts';
import { type TrafficSecrets, withoutCredentials } from './secrets.ts';

const METHODS: readonly Method[] = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

/** What became of an exchange: judged, under the API but not judged (with the reason), or not the API's. */
export type Recorded =
  | { readonly kind: 'exchange'; readonly x: Exchange; readonly unknown?: readonly string[] }
  | { readonly kind: 'not judged'; readonly reason: string }
  | { readonly kind: 'outside' };

/** The base URL of a request to the API: the URL up to the path's `/v2` segment; undefined for other URLs. */
export function apiBase(url: string): string | undefined {
  if (!URL.canParse(url)) return undefined;
  const parsed = new URL(url);
  const at = `${parsed.pathname}/`.indexOf('/v2/');
  return at < 0 ? undefined : `${parsed.origin}${parsed.pathname.slice(0, at)}`;
}

/** The path of `url` after `base` (query included; `HTTP://Host:80` is `http://host`) when it is the API's. */
export function apiPath(url: string, base: string): string | undefined {
  const noFragment = url.split('#')[0] as string;
  let path = noFragment.startsWith(base) ? noFragment.slice(base.length) : undefined;
  if (path === undefined && URL.canParse(noFragment)) {
    const parsed = new URL(noFragment);
    const plain = `${parsed.origin}${parsed.pathname}${parsed.search}`;
    if (plain.startsWith(base)) path = plain.slice(base.length);
  }
  return path !== undefined && /^\/v2(\/|\?|$)/.test(path) ? path : undefined;
}

/** A HAR exchange as the journal keeps it; `credentialsKnown`: whether the recording holds `Authorization` at all. */
export function fromHar(
  har: HarExchange,
  base: string,
  source: Source,
  sent: number,
  secrets: TrafficSecrets,
  credentialsKnown = true,
): Recorded {
  const path = apiPath(har.url, base);
  if (path === undefined) return { kind: 'outside' };
  secrets.learnValues(har.userinfo);
  secrets.learn(har.requestHeaders, har.url, har.requestBody);
  secrets.learn(har.responseHeaders);
  if ('notJudged' in har.answer) return { kind: 'not judged', reason: har.answer.notJudged };
  const { text } = har.answer;
  secrets.learn([], undefined, text);
  const headersUnknown = har.unrecorded.includes(UNKNOWN_CONTENT_TYPE);
  const known = credentialsKnown && !har.unrecorded.includes(UNKNOWN_CREDENTIALS);
  const made = recorded(
    {
      method: har.method,
      url: har.url,
      path,
      headers: headerRecord(har.requestHeaders),
      ...(har.requestBody !== undefined ? { body: har.requestBody } : {}),
    },
    { status: har.status, headers: headerRecord(har.responseHeaders), text, headersUnknown },
    { source, sent, durationMs: har.time, credentialsKnown: known },
    secrets,
  );
  return made.kind === 'exchange' ? { ...made, unknown: har.unrecorded } : made;
}

/** A request as it went, before redaction (header names in lower case). */
export interface PlainRequest extends RecordedRequest {
  readonly path: string;
}

/** An answer as it came, its body decoded to text. */
export type PlainAnswer = Omit<NonNullable<Evidence['response']>, 'body'> & {
  readonly text: string;
  readonly headersUnknown?: boolean;
};

/** The exchange of a request and its answer, its evidence redacted. */
export function recorded(
  request: PlainRequest,
  answer: PlainAnswer,
  at: {
    readonly source: Source;
    readonly sent: number;
    readonly durationMs: number;
    readonly credentialsKnown?: boolean;
  },
  secrets: TrafficSecrets,
): Recorded {
  const method = request.method.toUpperCase() as Method;
  if (!METHODS.includes(method))
    return { kind: 'not judged', reason: `${method} requests (the rules judge ${METHODS.join(', ')})` };
  const redactor = secrets.redactor();
  const judged = withoutCredentials(request.path, request.body);
  const shown: RecordedRequest = {
    method,
    url: redactor.text(request.url),
    headers: secrets.headers(request.headers),
    ...(request.body ? { body: evidenceBody(redactor.text(request.body)) } : {}),
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
    target: judged.target,
    options: judged.body ? { raw: judged.body } : {},
    credentials:
      at.credentialsKnown === false ? 'unknown' : credentialsOf(request.headers.authorization, answer.status),
    response: new ApiResponse(answer.status, answer.headers, answer.text, evidence, answer.headersUnknown),
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

/** HAR headers (each value once) as a record: names in lower case, no pseudo-headers, repeats joined. */
function headerRecord(headers: readonly HarHeader[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const { name, value } of headers) {
    const lower = name.toLowerCase();
    if (!name.startsWith(':')) out[lower] = out[lower] === undefined ? value : `${out[lower]}, ${value}`;
  }
  return out;
}

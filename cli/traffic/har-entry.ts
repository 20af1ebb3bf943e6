/**
 * One HAR entry as real producers write it (Chrome, chrome-har, Firefox, mitmproxy, Playwright), where any
 * field may be missing, null, repeated or of another type: what can be read is read, else the reason.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { attempt, isObject } from '../../helpers/http/response.ts';
import type { HarHeader } from './har.ts';

/**
 * What the suite reads of one HAR entry: its URL without `user:pass@`, and what that held (secrets, redacted
 * wherever they appear); its status, 0 when the request got no answer; its answer's text or why it is not
 * judged; what the recording leaves unknown ({@link UNKNOWN_CREDENTIALS}, {@link UNKNOWN_CONTENT_TYPE}).
 */
export type HarExchange = Extract<ReturnType<typeof readEntry>, { kind: 'exchange' }>['exchange'];

type Answer = { readonly text: string } | { readonly notJudged: string };

/** Reasons an exchange is not judged, as the report counts them. */
export const NOT_HELD = 'the recording holds no body of the answer';
export const NO_ANSWER = 'no answer (the request failed)';
export const UNDECODABLE =
  'an answer whose body cannot be decoded (its encoding, or its form in the recording)';
export const UNKNOWN_CREDENTIALS =
  'the request headers are null or not recorded: its credentials are unknown, so only HTTP-JSON and HTTP-NO-5XX judge it';
export const UNKNOWN_CONTENT_TYPE =
  'the answer headers are null or not recorded: its Content-Type is unknown, so HTTP-JSON does not judge it';

/** Characters that no decoded text body holds: controls other than whitespace, and the replacement character. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point is to find them
const BINARY = /[\u0000-\u0008\u000e-\u001f\ufffd]/;

const objectOf = (value: unknown) => (isObject(value) ? value : {});

/** Reads one entry; `dir` is the recording's folder (Playwright's attached bodies). */
export function readEntry(raw: unknown, dir: string) {
  const entry = objectOf(raw);
  const request = objectOf(entry.request);
  const response = objectOf(entry.response);
  const { method, url } = request;
  if (typeof method !== 'string' || method.trim() === '' || typeof url !== 'string')
    return { kind: 'unreadable' as const, reason: 'entries without a request method and URL' };
  const at = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#@]*)@/i.exec(url);
  const userinfo = (at?.[2] ?? '').split(':').map((part) => attempt(() => decodeURIComponent(part)) ?? part);
  const given = ['string', 'number'].includes(typeof response.status) ? Number(response.status) : 0;
  const status = Number.isInteger(given) && given >= 100 && given <= 999 ? given : 0;
  const requestHeaders = headersOf(request.headers);
  const responseHeaders = headersOf(response.headers);
  const requestBody = requestBodyOf(request, requestHeaders);
  const exchange = {
    ...(typeof entry.startedDateTime === 'string' ? { startedDateTime: entry.startedDateTime } : {}),
    time: typeof entry.time === 'number' && Number.isFinite(entry.time) ? entry.time : 0,
    method: method.trim(),
    url: at ? `${at[1]}${url.slice(at[0].length)}` : url,
    userinfo: userinfo.filter((part) => part !== ''),
    requestHeaders,
    ...(typeof requestBody === 'string' ? { requestBody } : {}),
    status,
    responseHeaders,
    unrecorded: [
      ...(headerRecorded(request.headers, 'authorization') ? [] : [UNKNOWN_CREDENTIALS]),
      ...(headerRecorded(response.headers, 'content-type') ? [] : [UNKNOWN_CONTENT_TYPE]),
    ],
  };
  const answer: Answer =
    requestBody === null
      ? { notJudged: 'the recording holds no body of the request' }
      : status === 0
        ? { notJudged: NO_ANSWER }
        : answerOf(objectOf(response.content), responseHeaders, status, exchange.method, dir);
  return { kind: 'exchange' as const, exchange: { ...exchange, answer } };
}

/**
 * The headers of a HAR message: an array of `{name, value}` or an object of names; a header repeated with the
 * same value (chrome-har adds the wire's headers to the page's) once.
 */
export function headersOf(raw: unknown): HarHeader[] {
  const out = new Map<string, HarHeader>();
  for (const [name, values] of headerPairs(raw) ?? []) {
    for (const value of isObject(raw) && Array.isArray(values) ? values : [values]) {
      const key = `${String(name).toLowerCase()}\n${String(value)}`;
      if (typeof name === 'string' && name !== '' && isScalar(value) && !out.has(key))
        out.set(key, { name, value: String(value) });
    }
  }
  return [...out.values()];
}

/** A HAR message's headers as pairs: an array of `{name, value}`, or an object of names; else undefined. */
function headerPairs(raw: unknown): [unknown, unknown][] | undefined {
  if (Array.isArray(raw)) return raw.map((h) => (isObject(h) ? [h.name, h.value] : [undefined, undefined]));
  return isObject(raw) ? Object.entries(raw) : undefined;
}

/** Whether the recording tells the header `name`: headers as a list or object, none of that name null. */
function headerRecorded(raw: unknown, name: string): boolean {
  const pairs = headerPairs(raw);
  return pairs?.every(([n, v]) => String(n).toLowerCase() !== name || [v].flat().every(isScalar)) ?? false;
}

const isScalar = (value: unknown) => ['string', 'number', 'boolean'].includes(typeof value);

const headerValue = (headers: readonly HarHeader[], name: string) =>
  headers.find((h) => h.name.toLowerCase() === name)?.value;

/** The request's body, or rebuilt from `params` (chrome-har); null when the recording does not hold it. */
function requestBodyOf(request: Record<string, unknown>, headers: readonly HarHeader[]) {
  const postData = objectOf(request.postData);
  if (typeof postData.text === 'string' && postData.text !== '') return postData.text;
  const params = Array.isArray(postData.params) ? postData.params.filter(isObject) : [];
  const mimeType = String(
    typeof postData.mimeType === 'string' ? postData.mimeType : headerValue(headers, 'content-type'),
  );
  if (params.length > 0 && /json/i.test(mimeType)) {
    const body: Record<string, unknown> = {};
    for (const { name, value } of params)
      if (typeof name === 'string') body[name] = name in body ? [body[name], value].flat() : value;
    return JSON.stringify(body);
  }
  if (params.length > 0 && /x-www-form-urlencoded/i.test(mimeType))
    return new URLSearchParams(
      params.map(({ name, value }): [string, string] => [`${name}`, `${value ?? ''}`]),
    ).toString();
  const size = typeof request.bodySize === 'number' ? request.bodySize : 0;
  const length = Number(headerValue(headers, 'content-length'));
  return params.length > 0 || size > 0 || length > 0 ? null : undefined;
}

/** The answer's body as text (base64 and `Content-Encoding` decoded), or why it is not judged. */
function answerOf(
  content: Record<string, unknown>,
  headers: readonly HarHeader[],
  status: number,
  method: string,
  dir: string,
): Answer {
  const length = Number(headerValue(headers, 'content-length') ?? Number.NaN);
  const chunked = /chunked/i.test(headerValue(headers, 'transfer-encoding') ?? '');
  const coding = headerValue(headers, 'content-encoding');
  const hadBody = (typeof content.size === 'number' && content.size > 0) || length > 0 || chunked;
  const { text, encoding, _file } = content;
  if (typeof text === 'string' && (text !== '' || !hadBody)) {
    if (encoding === undefined || encoding === null || encoding === '') {
      // Bytes of the wire written as text (a gzip stream, or compressed bytes under Content-Encoding):
      // decoded when they can be, never judged as the text they are not.
      if (text.charCodeAt(0) === 0x1f || (coding && BINARY.test(text)))
        return decoded(Buffer.from(text, 'latin1'), coding);
      return { text: text.charCodeAt(0) === 0xfeff ? text.slice(1) : text };
    }
    if (String(encoding).toLowerCase() !== 'base64') return { notJudged: UNDECODABLE };
    return decoded(Buffer.from(text, 'base64'), coding);
  }
  if (typeof _file === 'string') {
    const bytes = attempt(() => readFileSync(join(dir, _file)));
    return bytes ? decoded(bytes, undefined) : { notJudged: NOT_HELD };
  }
  // No text: an empty body only where the answer cannot have had one.
  if (text === undefined || text === null) {
    const none = status === 204 || status === 304 || method.toUpperCase() === 'HEAD' || length === 0;
    return none ? { text: '' } : { notJudged: NOT_HELD };
  }
  return { notJudged: typeof text === 'string' ? NOT_HELD : UNDECODABLE };
}

function decoded(bytes: Buffer, coding: string | undefined): Answer {
  const text = decodeBody(bytes, coding);
  return text === undefined ? { notJudged: UNDECODABLE } : { text };
}

/** UTF-8 that throws on bytes that are not (a leading byte-order mark dropped). */
const utf8 = new TextDecoder('utf-8', { fatal: true });

const DECODERS: Readonly<Record<string, (bytes: Buffer) => Buffer>> = {
  gzip: gunzipSync,
  'x-gzip': gunzipSync,
  deflate: (bytes) => attempt(() => inflateSync(bytes)) ?? inflateRawSync(bytes),
  br: brotliDecompressSync,
};

/**
 * The body of an answer as text, decoded from its `Content-Encoding`, or as it is when the producer already
 * decoded it (browsers and mitmproxy keep the decoded body under the header of the wire); undefined when its
 * encoding is not known or its bytes do not decode.
 */
export function decodeBody(body: Buffer, encoding: string | undefined): string | undefined {
  const codings = (encoding ?? '')
    .split(',')
    .map((c) => c.trim().toLowerCase())
    .filter((c) => c !== '' && c !== 'identity');
  let bytes: Buffer | undefined = body;
  // Codings apply in the order listed: undo them from the last; bytes that already read as text are decoded.
  for (const coding of codings.reverse()) {
    const decode = DECODERS[coding];
    const now: Buffer = bytes;
    if (attempt(() => utf8.decode(now)) === undefined) bytes = decode && attempt(() => decode(now));
    if (bytes === undefined) return undefined;
  }
  // A gzip stream under no (or another) header: the bytes of the wire, kept by the producer.
  const wire: Buffer = bytes;
  if (wire[0] === 0x1f && wire[1] === 0x8b) bytes = attempt(() => gunzipSync(wire));
  return bytes && attempt(() => utf8.decode(bytes));
}

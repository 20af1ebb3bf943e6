import type { IncomingHttpHeaders, IncomingMessage, RequestOptions } from 'node:http';
import { request as httpRequest } from 'node:http';
import type { Readable } from 'node:stream';
import { createBrotliDecompress, createUnzip } from 'node:zlib';

/** One request as sent on the wire: method, absolute URL, headers in order, optional body. */
export interface WireRequest {
  readonly method: string;
  /** `baseUrl + path`, query string included. */
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body?: string;
  /** The whole exchange must end within this many milliseconds. */
  readonly timeoutMs: number;
}

/** The answer: status, headers as Node gives them, and the body as text (decompressed). */
export interface WireResponse {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly text: string;
}

/** No answer within the time allowed; `code` and `timeout` as the retry and error logic expect. */
export class WireTimeoutError extends Error {
  readonly code = 'ECONNABORTED';
  constructor(readonly timeout: number) {
    super(`Timeout of ${timeout}ms exceeded`);
  }
}

/**
 * Sends one HTTP/1.1 request with Node's own client and reads the whole answer as text. What the target sees
 * is what the suite always sent: the given headers, then `Accept-Encoding: gzip, deflate` and
 * `Content-Length`, a new connection per request (`Connection: close`), no redirect followed. A gzip, deflate
 * or br body is decompressed. Rejects with Node's network error (`ECONNREFUSED`, `ECONNRESET`, `ENOTFOUND` …)
 * when no answer came back, and with a {@link WireTimeoutError} when the exchange outlived `timeoutMs`.
 *
 * `node:https` is loaded only for an https target: a run against the embedded reference server never pays
 * for TLS.
 */
export async function sendOnWire(wire: WireRequest): Promise<WireResponse> {
  const url = new URL(wire.url);
  const secure = url.protocol === 'https:';
  const send = secure ? (await import('node:https')).request : httpRequest;
  const options: RequestOptions = {
    method: wire.method,
    hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
    port: url.port,
    path: `${url.pathname}${url.search}`,
    headers: { ...wire.headers },
    agent: false,
  };
  return new Promise<WireResponse>((resolve, reject) => {
    let settled = false;
    const finish = (error: Error | undefined, response?: WireResponse) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      if (error) {
        req.destroy();
        reject(error);
      } else resolve(response as WireResponse);
    };
    const req = send(options, (res) => {
      readText(res, wire.method).then(
        (text) => finish(undefined, { status: res.statusCode ?? 0, headers: res.headers, text }),
        (error: Error) => finish(error),
      );
    });
    const timer = setTimeout(() => finish(new WireTimeoutError(wire.timeoutMs)), wire.timeoutMs);
    req.on('error', (error) => finish(error));
    req.setNoDelay(true);
    // Set after the given headers, as the suite's requests always had them.
    if (wire.method !== 'HEAD') req.setHeader('Accept-Encoding', 'gzip, deflate');
    if (wire.body) req.setHeader('Content-Length', Buffer.byteLength(wire.body));
    req.end(wire.body);
  });
}

/** The body as text, decompressed when the answer says so; an early end of a compressed body is its end. */
function readText(res: IncomingMessage, method: string): Promise<string> {
  const encoding = res.headers['content-encoding'] ?? '';
  const empty = method === 'HEAD' || res.statusCode === 204 || res.statusCode === 304;
  let stream: Readable = res;
  let lenient = false;
  if (!empty && /^\s*(?:deflate|gzip)\s*$/i.test(encoding)) stream = res.pipe(createUnzip());
  else if (!empty && /^\s*br\s*$/i.test(encoding)) stream = res.pipe(createBrotliDecompress());
  if (stream !== res) {
    lenient = true;
    res.on('error', (error) => stream.destroy(error));
  }
  return new Promise((resolve, reject) => {
    let text = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      text += chunk;
    });
    let ended = false;
    stream.on('end', () => {
      ended = true;
      resolve(text);
    });
    // The connection closed before the end of the body: no whole answer came back.
    res.on('close', () => {
      if (!res.complete && !ended) reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    });
    stream.on('error', (error: NodeJS.ErrnoException) => {
      if (lenient && error.code === 'Z_BUF_ERROR') resolve(text);
      else reject(error);
    });
  });
}

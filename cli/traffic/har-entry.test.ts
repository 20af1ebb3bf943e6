import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { headersOf, NO_ANSWER, NOT_HELD, readEntry, UNDECODABLE } from './har-entry.ts';

const URL = 'https://api.test/v2/categories';
const JSON_BODY = '{"data":[]}';

/** The exchange read from a raw entry (fails the test when it is unreadable). */
function read(raw: unknown, dir = '.') {
  const got = readEntry(raw, dir);
  if (got.kind !== 'exchange') throw new Error(got.reason);
  return got.exchange;
}

const entry = (response: unknown, request: Record<string, unknown> = {}) => ({
  request: { method: 'GET', url: URL, headers: [], ...request },
  response,
});

describe('headersOf', () => {
  it('reads arrays and objects of headers; numbers are text, null values and odd items are left out', () => {
    expect(
      headersOf([
        { name: 'Content-Length', value: 11 },
        { name: 'X-Null', value: null },
        { value: 'no name' },
        null,
        'text',
        { name: 'Accept', value: 'application/json' },
      ]),
    ).toEqual([
      { name: 'Content-Length', value: '11' },
      { name: 'Accept', value: 'application/json' },
    ]);
    expect(headersOf({ Authorization: 'Bearer x', 'Set-Cookie': ['a=1', 'b=2'], Age: 3 })).toEqual([
      { name: 'Authorization', value: 'Bearer x' },
      { name: 'Set-Cookie', value: 'a=1' },
      { name: 'Set-Cookie', value: 'b=2' },
      { name: 'Age', value: '3' },
    ]);
    expect(headersOf(null)).toEqual([]);
    expect(headersOf('Authorization: x')).toEqual([]);
  });

  it('keeps a header repeated with the same value once, in any case of its name (chrome-har)', () => {
    expect(
      headersOf([
        { name: 'Authorization', value: 'Bearer X' },
        { name: 'authorization', value: 'Bearer X' },
        { name: 'Set-Cookie', value: 'a=1' },
        { name: 'set-cookie', value: 'b=2' },
      ]),
    ).toEqual([
      { name: 'Authorization', value: 'Bearer X' },
      { name: 'Set-Cookie', value: 'a=1' },
      { name: 'set-cookie', value: 'b=2' },
    ]);
  });
});

describe('readEntry: the answer', () => {
  it('reads text, base64 of the decoded body, and base64 of the compressed bytes as they went', () => {
    expect(read(entry({ status: 200, content: { text: JSON_BODY } })).answer).toEqual({ text: JSON_BODY });
    const base64 = (b: Buffer) => ({ text: b.toString('base64'), encoding: 'base64' });
    expect(read(entry({ status: 200, content: base64(Buffer.from(JSON_BODY)) })).answer).toEqual({
      text: JSON_BODY,
    });
    for (const [coding, compressed] of [
      ['gzip', gzipSync(JSON_BODY)],
      ['br', brotliCompressSync(JSON_BODY)],
    ] as const) {
      const headers = [{ name: 'Content-Encoding', value: coding }];
      expect(read(entry({ status: 200, headers, content: base64(compressed) })).answer, coding).toEqual({
        text: JSON_BODY,
      });
    }
  });

  it('decodes the bytes of the wire written as text, and does not judge them when they do not decode', () => {
    const gzip = [{ name: 'Content-Encoding', value: 'gzip' }];
    const latin1 = gzipSync(JSON_BODY).toString('latin1');
    expect(read(entry({ status: 200, headers: gzip, content: { text: latin1 } })).answer).toEqual({
      text: JSON_BODY,
    });
    expect(read(entry({ status: 200, content: { text: latin1 } })).answer).toEqual({ text: JSON_BODY });
    const mangled = gzipSync(JSON_BODY).toString('utf8');
    expect(read(entry({ status: 200, headers: gzip, content: { text: mangled } })).answer).toEqual({
      notJudged: UNDECODABLE,
    });
    const br = [{ name: 'Content-Encoding', value: 'br' }];
    expect(read(entry({ status: 200, headers: br, content: { text: '\ufffd\u0003x' } })).answer).toEqual({
      notJudged: UNDECODABLE,
    });
    // A decoded body under the header of the wire, as browsers and mitmproxy write it: taken as it is.
    expect(read(entry({ status: 200, headers: br, content: { text: JSON_BODY } })).answer).toEqual({
      text: JSON_BODY,
    });
  });

  it('does not judge a body it cannot decode: broken bytes, another encoding, a text that is no text', () => {
    const gzip = [{ name: 'Content-Encoding', value: 'gzip' }];
    const broken = gzipSync(JSON_BODY).subarray(0, 10).toString('base64');
    expect(
      read(entry({ status: 200, headers: gzip, content: { text: broken, encoding: 'base64' } })).answer,
    ).toEqual({
      notJudged: UNDECODABLE,
    });
    expect(read(entry({ status: 200, content: { text: 'x', encoding: 'quoted-printable' } })).answer).toEqual(
      {
        notJudged: UNDECODABLE,
      },
    );
    expect(read(entry({ status: 200, content: { text: 42 } })).answer).toEqual({ notJudged: UNDECODABLE });
  });

  it('does not judge a body the recording does not hold; an empty one only where the answer had none', () => {
    const notHeld = { notJudged: NOT_HELD };
    // No text at all, whatever the size says (mitmproxy 8 streaming, browsers losing bodies).
    expect(read(entry({ status: 200, content: { size: 0, text: null } })).answer).toEqual(notHeld);
    expect(read(entry({ status: 200, content: { size: 0 } })).answer).toEqual(notHeld);
    expect(read(entry({ status: 200, content: null })).answer).toEqual(notHeld);
    // An empty text where the answer had a body: its size, its length, or chunks.
    const chunked = [{ name: 'Transfer-Encoding', value: 'chunked' }];
    expect(read(entry({ status: 200, headers: chunked, content: { size: 0, text: '' } })).answer).toEqual(
      notHeld,
    );
    expect(read(entry({ status: 200, content: { size: 40, text: '' } })).answer).toEqual(notHeld);
    const length = [{ name: 'content-length', value: '84' }];
    expect(read(entry({ status: 200, headers: length, content: { text: '' } })).answer).toEqual(notHeld);
    // Known empty.
    expect(read(entry({ status: 204, content: {} })).answer).toEqual({ text: '' });
    const zero = [{ name: 'Content-Length', value: '0' }];
    expect(read(entry({ status: 200, headers: zero, content: { size: 0 } })).answer).toEqual({ text: '' });
    expect(read(entry({ status: 200, content: { size: 0, text: '' } })).answer).toEqual({ text: '' });
  });

  it('reads a body Playwright attached beside the recording (content._file), and says when it is gone', () => {
    const dir = mkdtempSync(join(tmpdir(), 'har-entry-'));
    writeFileSync(join(dir, 'abc.json'), JSON_BODY);
    expect(read(entry({ status: 200, content: { size: 11, _file: 'abc.json' } }), dir).answer).toEqual({
      text: JSON_BODY,
    });
    expect(read(entry({ status: 200, content: { size: 11, _file: 'gone.json' } }), dir).answer).toEqual({
      notJudged: NOT_HELD,
    });
  });

  it('reads a status given as text, and any other status, or none, as no answer', () => {
    expect(read(entry({ status: '200', content: { text: JSON_BODY } })).status).toBe(200);
    for (const response of [undefined, null, {}, { status: 0 }, { status: null }, { status: 'OK' }]) {
      expect(read(entry(response)).answer).toEqual({ notJudged: NO_ANSWER });
    }
  });
});

describe('readEntry: the request', () => {
  it('rebuilds a JSON or form body that chrome-har wrote as params only', () => {
    const post = (postData: unknown) =>
      read(entry({ status: 200, content: { text: '{}' } }, { method: 'POST', postData })).requestBody;
    const data = { type: 'integration', observes: ['order.fulfilled'] };
    expect(
      JSON.parse(post({ mimeType: 'application/json', params: [{ name: 'data', value: data }] }) ?? ''),
    ).toEqual({
      data,
    });
    expect(
      post({
        mimeType: 'application/x-www-form-urlencoded',
        params: [
          { name: 'grant_type', value: 'client_credentials' },
          { name: 'client_id', value: 'a b' },
        ],
      }),
    ).toBe('grant_type=client_credentials&client_id=a+b');
    expect(post({ mimeType: 'application/json', text: '{"data":{}}', params: [] })).toBe('{"data":{}}');
    expect(post(null)).toBeUndefined();
  });

  it('does not judge an exchange whose request body the recording does not hold', () => {
    const got = read(
      entry(
        { status: 200, content: { text: '{}' } },
        { method: 'POST', bodySize: 20, postData: { mimeType: 'text/plain' } },
      ),
    );
    expect(got.answer).toEqual({ notJudged: 'the recording holds no body of the request' });
  });

  it('strips user information from the URL and keeps it as secrets; an entry without method or URL is unreadable', () => {
    const got = read(
      entry({ status: 200, content: { text: '{}' } }, { url: 'https://ada:s3cr%40t@api.test/v2/x' }),
    );
    expect(got.url).toBe('https://api.test/v2/x');
    expect(got.userinfo).toEqual(['ada', 's3cr@t']);
    for (const raw of [
      null,
      7,
      {},
      { request: null },
      { request: { method: 'GET' } },
      { request: { url: URL, method: 1 } },
    ]) {
      expect(readEntry(raw, '.')).toEqual({
        kind: 'unreadable',
        reason: 'entries without a request method and URL',
      });
    }
  });
});

/**
 * The built-in `hardump` of mitmproxy 10 and later (`mitmproxy/addons/savehar.py`, which cannot be installed
 * here): entries as its `flow_entry` writes them, field by field. Derived from that source: a flow that got
 * no answer (`status: 0`, `content: {}`, `_error`), a streamed answer (`text: ""` when `get_text` gives
 * None, `size` 0), repeated headers (`items(multi=True)`), null timings.
 */
describe('readEntry: mitmproxy 10+ hardump (derived from savehar.py)', () => {
  const request = {
    method: 'GET',
    url: URL,
    httpVersion: 'HTTP/1.1',
    cookies: [],
    headers: [
      { name: 'Host', value: 'api.test' },
      { name: 'Authorization', value: 'Bearer tok' },
    ],
    queryString: [],
    headersSize: 60,
    bodySize: 0,
  };
  const timings = { connect: null, ssl: null, send: 0.2, receive: 0.1, wait: 3 };

  it('reads a failed flow as no answer', () => {
    const failed = {
      startedDateTime: '2026-01-01T00:00:00+00:00',
      time: 3.3,
      request,
      response: {
        status: 0,
        statusText: '',
        httpVersion: '',
        headers: [],
        cookies: [],
        content: {},
        redirectURL: '',
        headersSize: -1,
        bodySize: -1,
        _transferSize: 0,
        _error: 'Connection refused',
      },
      cache: {},
      timings,
    };
    expect(read(failed).answer).toEqual({ notJudged: NO_ANSWER });
  });

  it('reads a streamed answer (text "") as a body not held, and repeated headers each', () => {
    const streamed = {
      startedDateTime: '2026-01-01T00:00:00+00:00',
      time: 3.3,
      request,
      response: {
        status: 200,
        statusText: 'OK',
        httpVersion: 'HTTP/1.1',
        cookies: [],
        headers: [
          { name: 'Content-Type', value: 'application/json' },
          { name: 'Transfer-Encoding', value: 'chunked' },
          { name: 'Set-Cookie', value: 'a=1' },
          { name: 'Set-Cookie', value: 'b=2' },
        ],
        content: { size: 0, compression: 0, mimeType: 'application/json', text: '' },
        redirectURL: '',
        headersSize: 90,
        bodySize: 0,
      },
      cache: {},
      timings,
    };
    const got = read(streamed);
    expect(got.answer).toEqual({ notJudged: NOT_HELD });
    expect(got.responseHeaders.filter((h) => h.name === 'Set-Cookie').map((h) => h.value)).toEqual([
      'a=1',
      'b=2',
    ]);
    expect(got.time).toBe(3.3);
  });
});

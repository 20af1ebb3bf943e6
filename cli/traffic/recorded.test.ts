import { describe, expect, it } from 'vitest';
import type { HarEntry } from './har.ts';
import { type HarExchange, readEntry } from './har-entry.ts';
import { apiBase, apiPath, credentialsOf, fromHar } from './recorded.ts';
import { TrafficSecrets } from './secrets.ts';

const source = { kind: 'recording' as const, name: 'test entry 0' };

function har(partial: Partial<HarEntry['request']>, response?: HarEntry['response']): HarExchange {
  const read = readEntry(
    {
      request: { method: 'GET', url: 'https://api.test/shop/v2/products', headers: [], ...partial },
      ...(response ? { response } : {}),
    },
    '.',
  );
  if (read.kind !== 'exchange') throw new Error(read.reason);
  return read.exchange;
}

describe('recorded traffic as journal entries', () => {
  it('finds the base of an API request, and the path under a base', () => {
    expect(apiBase('https://api.test/shop/v2/products?page[limit]=1')).toBe('https://api.test/shop');
    expect(apiBase('https://api.test/v2')).toBe('https://api.test');
    expect(apiBase('https://api.test/v20/x')).toBeUndefined();
    expect(apiBase('not a url')).toBeUndefined();
    expect(apiPath('https://api.test/shop/v2/products?a=1#top', 'https://api.test/shop')).toBe(
      '/v2/products?a=1',
    );
    expect(apiPath('https://api.test/shop/oauth/access_token', 'https://api.test/shop')).toBeUndefined();
    expect(apiPath('https://other.test/shop/v2/products', 'https://api.test/shop')).toBeUndefined();
  });

  it('tells the credentials a recorded header carried, as far as a recording can', () => {
    expect(credentialsOf(undefined, 401)).toBe('none');
    expect(credentialsOf('  ', 200)).toBe('none');
    expect(credentialsOf('Bearer abc', 200)).toBe('token');
    expect(credentialsOf('Bearer abc', 401)).toBe('unknown');
    expect(credentialsOf('Bearer abc', 403)).toBe('unknown');
    expect(credentialsOf('bearer abc', 200)).toBe('unknown');
    expect(credentialsOf('Basic abc', 200)).toBe('unknown');
  });

  it('keeps an exchange of the API with its answer decoded, and says why others are not judged', () => {
    const secrets = new TrafficSecrets();
    const body = '{"data":[]}';
    const ok = fromHar(
      har(
        {
          headers: [
            { name: 'Authorization', value: 'Bearer tok-123456' },
            { name: ':authority', value: 'x' },
          ],
        },
        {
          status: 200,
          headers: [{ name: 'Content-Type', value: 'application/json' }],
          content: { size: 11, text: Buffer.from(body).toString('base64'), encoding: 'base64' },
        },
      ),
      'https://api.test/shop',
      source,
      7,
      secrets,
    );
    expect(ok.kind).toBe('exchange');
    if (ok.kind !== 'exchange') return;
    expect(ok.x).toMatchObject({
      method: 'GET',
      target: '/v2/products',
      credentials: 'token',
      sent: 7,
      source,
    });
    expect(ok.x.response?.json).toEqual({ data: [] });
    expect(ok.x.evidence.request.headers).toEqual({ authorization: 'Bearer [redacted]' });
    expect(ok.x.evidence.curl).toContain('$CONFORMANCE_TOKEN');
    expect(ok.x.evidence.curl).not.toContain('tok-123456');

    const base = 'https://api.test/shop';
    expect(fromHar(har({ url: 'https://api.test/shop/index.html' }), base, source, 1, secrets)).toEqual({
      kind: 'outside',
    });
    expect(fromHar(har({}), base, source, 1, secrets)).toEqual({
      kind: 'not judged',
      reason: 'no answer (the request failed)',
    });
    expect(fromHar(har({}, { status: 0 }), base, source, 1, secrets)).toMatchObject({ kind: 'not judged' });
    expect(fromHar(har({}, { status: 200, content: { size: 40 } }), base, source, 1, secrets)).toEqual({
      kind: 'not judged',
      reason: 'the recording holds no body of the answer',
    });
    expect(
      fromHar(har({ method: 'OPTIONS' }, { status: 204, content: { size: 0 } }), base, source, 1, secrets),
    ).toMatchObject({
      kind: 'not judged',
      reason: expect.stringMatching(/^OPTIONS requests/),
    });
    expect(
      fromHar(
        har(
          {},
          { status: 200, headers: [{ name: 'Content-Length', value: '84' }], content: { size: 0, text: '' } },
        ),
        base,
        source,
        1,
        secrets,
      ),
    ).toEqual({ kind: 'not judged', reason: 'the recording holds no body of the answer' });
    expect(fromHar(har({}, { status: 204 }), base, source, 1, secrets).kind).toBe('exchange');
  });

  it('redacts the secrets of the traffic wherever they appear: headers, cookies, query strings, bodies', () => {
    const secrets = new TrafficSecrets();
    const answer = JSON.stringify({
      data: { payment_intent: { client_secret: 'pi_secret_abcdef' }, note: 'sess-cookie-9' },
    });
    const got = fromHar(
      har(
        {
          method: 'POST',
          url: 'https://api.test/shop/v2/orders/o1/payments?access_token=qs-token-777',
          headers: [
            { name: 'Authorization', value: 'Bearer tok-abcdef' },
            { name: 'Cookie', value: 'session=sess-cookie-9; theme=dark' },
          ],
          postData: { text: '{"data":{"password":"hunter22","gateway":"manual"}}' },
        },
        {
          status: 200,
          headers: [{ name: 'Set-Cookie', value: 'session=sess-cookie-9; Path=/' }],
          content: { size: answer.length, text: answer },
        },
      ),
      'https://api.test/shop',
      source,
      1,
      secrets,
    );
    expect(got.kind).toBe('exchange');
    if (got.kind !== 'exchange') return;
    const shown = JSON.stringify(got.x.evidence);
    for (const secret of ['tok-abcdef', 'sess-cookie-9', 'qs-token-777', 'hunter22', 'pi_secret_abcdef']) {
      expect(shown).not.toContain(secret);
      expect(secrets.values()).toContain(secret);
    }
    expect(got.x.evidence.request.headers.cookie).toBe('[redacted]');
    // What the rules judge is the answer as it came.
    expect(got.x.response?.text).toBe(answer);
  });
});

describe('what a recording lacks, and secrets, in what the rules judge', () => {
  const base = 'https://api.test/shop';
  const json = { name: 'Content-Type', value: 'application/json' };
  const answer = (headers: unknown) =>
    ({ status: 200, headers, content: { size: 11, text: '{"data":[]}' } }) as HarEntry['response'];
  const exchangeOf = (got: ReturnType<typeof fromHar>) => {
    if (got.kind !== 'exchange') throw new Error(got.kind);
    return got;
  };

  it('leaves the Content-Type unknown, with the reason, when the answer headers are null or not recorded', () => {
    for (const headers of [
      null,
      undefined,
      [{ name: 'Content-Type', value: null }],
      { 'content-type': null },
    ]) {
      const got = exchangeOf(fromHar(har({}, answer(headers)), base, source, 1, new TrafficSecrets()));
      expect(got.x.response?.headersUnknown, JSON.stringify(headers)).toBe(true);
      expect(got.unknown).toEqual([
        expect.stringMatching(/answer headers are null or not recorded: its Content-Type is unknown/),
      ]);
    }
    const known = exchangeOf(fromHar(har({}, answer([json])), base, source, 1, new TrafficSecrets()));
    expect(known.x.response?.headersUnknown).toBe(false);
    expect(known.unknown).toEqual([]);
  });

  it('leaves the credentials unknown, with the reason, when the request headers are null', () => {
    const got = exchangeOf(
      fromHar(har({ headers: null as never }, answer([json])), base, source, 1, new TrafficSecrets()),
    );
    expect(got.x.credentials).toBe('unknown');
    expect(got.unknown).toEqual([
      expect.stringMatching(/request headers are null or not recorded: its credentials are unknown/),
    ]);
    const none = exchangeOf(
      fromHar(har({ headers: [] }, answer([json])), base, source, 1, new TrafficSecrets()),
    );
    expect(none.x.credentials).toBe('none');
  });

  it('judges a request as if its credentials (query, JSON body at any depth) were not there, and shows them redacted', () => {
    const secrets = new TrafficSecrets();
    const got = exchangeOf(
      fromHar(
        har(
          {
            method: 'POST',
            url: `${base}/v2/orders/o1/transactions/t1/refund?api_key=qs-key-1234&note=a%20b&access_token=qs-tok-5678`,
            headers: [
              { name: 'Authorization', value: 'Bearer tok-abcdef' },
              { name: 'X-API-Key', value: 'hdr-key-9999' },
            ],
            postData: { text: '{"data":{"password":"body-pw-55"},"client_secret":"body-cs-66"}' },
          },
          answer([json]),
        ),
        base,
        source,
        1,
        secrets,
      ),
    );
    expect(got.x.target).toBe('/v2/orders/o1/transactions/t1/refund?note=a%20b');
    expect(got.x.body).toEqual({ data: {} });
    const shown = JSON.stringify(got.x.evidence);
    expect(shown).toContain('api_key=');
    for (const secret of ['qs-key-1234', 'qs-tok-5678', 'hdr-key-9999', 'body-pw-55', 'body-cs-66'])
      expect(shown).not.toContain(secret);
    const plain = exchangeOf(
      fromHar(har({ url: `${base}/v2/products?page[limit]=2` }, answer([json])), base, source, 1, secrets),
    );
    expect(plain.x.target).toBe('/v2/products?page[limit]=2');
  });
});

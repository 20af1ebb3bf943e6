import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import { harOf, type RecordedRequest, recordExchanges } from '../../test-support/traffic/record-har.ts';
import { main } from '../main.ts';
import type { ConformanceReport } from '../report/model.ts';
import type { HarEntry } from './har.ts';

/**
 * `traffic`: recordings of real exchanges with the reference server, clean and faulted, judged by the exchange
 * rules. Each recording holds what a storefront's client sends: listings, a category with its products, an
 * integration made, read and deleted, a request without a token, an unknown id.
 */
const TOKEN = 'recorded-token-5ecret';
const auth = { authorization: `Bearer ${TOKEN}` };
const dir = mkdtempSync(join(tmpdir(), 'traffic-test-'));
const servers: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const server of servers) await server.close();
});

async function recording(
  name: string,
  options: { faults?: string[] } = {},
): Promise<{ file: string; base: string }> {
  const server = await startReferenceServer({ port: 0, token: TOKEN, demoProducts: 5, ...options });
  servers.push(server);
  const base = server.url;
  // A walk of the products through links.next, as a client follows it (the links are absolute URLs).
  const walk = await recordExchanges(base, [{ path: '/v2/products?page[limit]=2', headers: auth }]);
  for (let next = linkNext(walk.at(-1)); next && walk.length < 5; next = linkNext(walk.at(-1))) {
    walk.push(...(await recordExchanges(base, [{ path: next.slice(base.length), headers: auth }])));
  }
  const requests: RecordedRequest[] = [
    // A page spelled with encoded brackets, as some clients do, its answer base64 in the recording.
    { path: '/v2/products?page%5Blimit%5D=2&page%5Boffset%5D=2', headers: auth, base64: true },
    { path: '/v2/categories', headers: auth },
    { path: '/v2/categories?page[offset]=20000', headers: auth },
    { path: '/v2/categories' },
    { path: '/v2/integrations/00000000-0000-4000-8000-000000000000', headers: auth },
    {
      method: 'POST',
      path: '/v2/integrations',
      headers: auth,
      body: JSON.stringify({
        data: {
          type: 'integration',
          integration_type: 'webhook',
          name: 'Recorded',
          description: 'A webhook',
          enabled: true,
          observes: ['order.fulfilled'],
          configuration: { url: 'https://hooks.example.com/x' },
        },
      }),
    },
  ];
  const entries = [...walk, ...(await recordExchanges(base, requests))];
  const created = JSON.parse(entries.at(-1)?.response?.content?.text ?? '{}').data?.id as string;
  const listed = entries.find((e) => e.request.url === `${base}/v2/categories`)?.response?.content?.text;
  const categories = JSON.parse(listed ?? '{}').data as { id: string }[];
  entries.push(
    ...(await recordExchanges(base, [
      { path: `/v2/integrations/${created}`, headers: auth },
      { method: 'DELETE', path: `/v2/integrations/${created}`, headers: auth },
      { path: `/v2/categories/${categories[0]?.id}?include=products`, headers: auth },
      { path: `/v2/categories/${categories[0]?.id}?include=products,nothing`, headers: auth },
    ])),
  );
  // What a browser records beside the API: a page, and a request that got no answer.
  entries.unshift(
    {
      request: { method: 'GET', url: `${base}/index.html` },
      response: { status: 200, content: { size: 0 } },
    },
    { request: { method: 'GET', url: `${base}/v2/products`, headers: [] }, response: { status: 0 } },
  );
  const file = join(dir, `${name}.har`);
  writeFileSync(file, harOf(entries));
  return { file, base };
}

/** The `links.next` of a recorded listing answer, when it is a string. */
function linkNext(entry: HarEntry | undefined): string | undefined {
  const next = JSON.parse(entry?.response?.content?.text ?? '{}').links?.next;
  return typeof next === 'string' ? next : undefined;
}

async function judge(
  args: string[],
): Promise<{ code: number; out: string[]; report?: ConformanceReport; files: string }> {
  const reportDir = mkdtempSync(join(dir, 'reports-'));
  const out: string[] = [];
  const code = await main(
    ['traffic', ...args, '--report-dir', reportDir],
    {},
    { out: (t) => out.push(t), err: (t) => out.push(t) },
  );
  const names = readdirSync(reportDir);
  const files = names.map((n) => readFileSync(join(reportDir, n), 'utf8')).join('\n');
  const report = names.includes('conformance.json')
    ? (JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport)
    : undefined;
  return { code, out, ...(report ? { report } : {}), files };
}

// biome-ignore lint/suspicious/noExplicitAny: recordings edited field by field, as producers write them
type Json = any;

const status = (report: ConformanceReport | undefined, id: string) =>
  report?.rules.find((r) => r.id === id)?.status;
const failed = (report: ConformanceReport | undefined) =>
  report?.rules.filter((r) => r.status === 'failed').map((r) => r.id);

describe('commerce-conformance traffic', () => {
  it('judges a recording of a conformant server: no failure, flows not in the recording, no secret anywhere', async () => {
    const { file } = await recording('clean');
    const { code, out, report, files } = await judge([file]);
    expect(code).toBe(0);
    expect(failed(report)).toEqual([]);
    expect(report?.traffic).toMatchObject({ sources: ['clean.har'], exchanges: 14, judged: 13 });
    expect(report?.traffic?.notJudged).toEqual([{ reason: 'no answer (the request failed)', count: 1 }]);
    for (const id of [
      'HTTP-JSON',
      'HTTP-NO-5XX',
      'PAGE-ENVELOPE',
      'PAGE-LIMIT',
      'PRD-SCHEMA',
      'CAT-SCHEMA',
      'INT-SCHEMA',
      'INT-DELETE',
      'INC-SHAPE',
      'AUTH-REQUIRED',
      'PAGE-OFFSET-SOFT',
      'INT-GET',
      'PAGE-WALK',
      'PAGE-COUNTS',
    ]) {
      expect(status(report, id), id).toBe('passed');
    }
    // A rule whose sequence the recording does not hold is not in it, and does not make the verdict incomplete.
    expect(status(report, 'TXN-CAPTURE')).toBe('untested');
    expect(report?.verdict.excluded).toContainEqual({
      by: 'recording',
      rules: expect.arrayContaining(['TXN-CAPTURE']),
    });
    expect(out.join('\n')).toMatch(
      /Judged 13 of 14 exchanges with http:\/\/127\.0\.0\.1:\d+ \(not judged: 1 no answer/,
    );
    expect(files).not.toContain(TOKEN);
    expect(out.join('\n')).not.toContain(TOKEN);
    // The Markdown and HTML say what the traffic was.
    expect(files).toContain('traffic of clean.har: 13 of 14 exchanges judged (not judged: 1 no answer');
  });

  it("fails a faulted server's rule on the recording alone, naming the entry, with its evidence and curl", async () => {
    const { file } = await recording('faulted', { faults: ['limit-plus-one'] });
    const { code, report, files } = await judge([file]);
    expect(code).toBe(1);
    // The fault's rule and its declared collateral, nothing else.
    expect(failed(report)).toEqual(['PAGE-LIMIT', 'PAGE-LINKS', 'PAGE-PREV-NEXT', 'PAGE-COUNTS']);
    const check = report?.rules.find((r) => r.id === 'PAGE-LIMIT')?.checks[0];
    expect(check?.message).toMatch(/sent by a client in "faulted\.har entry 2 \(started /);
    expect(check?.curl).toContain('$CONFORMANCE_TOKEN');
    expect(files).not.toContain(TOKEN);
  });

  it('judges a walk the recording holds: a walk that skips a record fails PAGE-WALK', async () => {
    const { file } = await recording('walk', { faults: ['next-skips-a-record'] });
    const { code, report } = await judge([file]);
    expect(code).toBe(1);
    expect(failed(report)).toContain('PAGE-WALK');
    expect(report?.rules.find((r) => r.id === 'PAGE-WALK')?.checks[0]?.message).toMatch(
      /sent by a client in "walk\.har entry \d+/,
    );
  });

  it('keeps every secret of the recording out of every report, line and curl command', async () => {
    const server = await startReferenceServer({
      port: 0,
      token: TOKEN,
      demoProducts: 5,
      faults: ['limit-plus-one'],
    });
    servers.push(server);
    const secrets = [
      'cookie-5ecret-value',
      'query-5ecret-token',
      'body-5ecret-password',
      'client-5ecret-value',
    ];
    const headers = { ...auth, cookie: `session=${secrets[0]}; theme=dark` };
    const entries = await recordExchanges(server.url, [
      { path: `/v2/products?page[limit]=2&access_token=${secrets[1]}`, headers },
      {
        method: 'POST',
        path: '/v2/integrations',
        headers,
        body: JSON.stringify({
          data: {
            type: 'integration',
            integration_type: 'webhook',
            name: 'With secrets',
            description: 'd',
            enabled: true,
            observes: ['order.fulfilled'],
            configuration: {
              url: 'https://hooks.example.com/s',
              password: secrets[2],
              client_secret: secrets[3],
            },
          },
        }),
      },
    ]);
    const file = join(dir, 'secrets.har');
    writeFileSync(file, harOf(entries));
    const { code, out, files, report } = await judge([file]);
    expect(code).toBe(1);
    expect(failed(report)).toContain('PAGE-LIMIT');
    const everything = `${files}\n${out.join('\n')}`;
    for (const secret of [TOKEN, ...secrets]) expect(everything).not.toContain(secret);
    expect(everything).toContain('[redacted]');
  });

  it('judges a request whatever secrets it carries: a faulty refund with secrets in its query, a cookie, an API-key header and its body fails TXN-REFUND-NO-META', async () => {
    const server = await startReferenceServer({
      port: 0,
      token: TOKEN,
      demoProducts: 1,
      faults: ['refund-with-meta'],
    });
    servers.push(server);
    const post = (path: string, body?: unknown, headers = {}) => ({
      method: 'POST',
      path,
      headers: { ...auth, ...headers },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const [listed] = await recordExchanges(server.url, [{ path: '/v2/products', headers: auth }]);
    const product = JSON.parse(listed?.response?.content?.text ?? '{}').data[0];
    const address = {
      first_name: 'A',
      last_name: 'B',
      line_1: '1 Road',
      city: 'C',
      postcode: 'P',
      county: 'K',
      country: 'GB',
    };
    const made = await recordExchanges(server.url, [
      post('/v2/carts/c1/items', { data: { type: 'cart_item', id: product.id, quantity: 1 } }),
      post('/v2/carts/c1/checkout', {
        data: {
          customer: { email: 'a@b.test', name: 'A' },
          billing_address: address,
          shipping_address: address,
        },
      }),
    ]);
    const order = JSON.parse(made[1]?.response?.content?.text ?? '{}').data.id;
    const paid = await recordExchanges(server.url, [
      post(`/v2/orders/${order}/payments`, { data: { gateway: 'manual', method: 'authorize' } }),
      { path: `/v2/orders/${order}/transactions`, headers: auth },
    ]);
    const txn = JSON.parse(paid[1]?.response?.content?.text ?? '{}').data[0].id;
    const action = `/v2/orders/${order}/transactions/${txn}`;
    const secrets = ['query-5ecret-key', 'cookie-5ecret-value', 'header-5ecret-key', 'body-5ecret-password'];
    const acted = await recordExchanges(server.url, [
      post(`${action}/capture`),
      post(
        `${action}/refund?api_key=${secrets[0]}`,
        { data: {}, password: secrets[3] },
        {
          cookie: `session=${secrets[1]}`,
          'x-api-key': secrets[2],
        },
      ),
    ]);
    const file = join(dir, 'refund-secrets.har');
    writeFileSync(file, harOf([listed as HarEntry, ...made, ...paid, ...acted]));
    const { code, out, files, report } = await judge([file]);
    expect(code).toBe(1);
    expect(failed(report)).toEqual(['TXN-REFUND-NO-META']);
    expect(status(report, 'TXN-REFUND')).toBe('passed');
    const everything = `${files}\n${out.join('\n')}`;
    for (const secret of [TOKEN, ...secrets]) expect(everything).not.toContain(secret);
  });

  it('fails on a SHOULD rule only with --strict', async () => {
    const { file } = await recording('should', { faults: ['errors-as-text'] });
    const plain = await judge([file]);
    expect(failed(plain.report)).toEqual(['HTTP-JSON']);
    expect(plain.code).toBe(0);
    expect((await judge([file, '--strict'])).code).toBe(1);
  });

  it('exits 2 with one message for a file it cannot read, a recording without the API, and several APIs', async () => {
    const missing = await judge([join(dir, 'missing.har')]);
    expect(missing.code).toBe(2);
    expect(missing.out.join('\n')).toMatch(/missing\.har: cannot be read \(ENOENT\)/);
    const none = join(dir, 'none.har');
    writeFileSync(
      none,
      harOf([{ request: { method: 'GET', url: 'https://shop.test/index.html' }, response: { status: 200 } }]),
    );
    expect((await judge([none])).out.join('\n')).toMatch(
      /no exchange of the API \(no request to a \/v2 path\)/,
    );
    const a = await recording('a');
    const b = await recording('b');
    const several = await judge([a.file, b.file]);
    expect(several.code).toBe(2);
    expect(several.out.join('\n')).toMatch(/several APIs .* give the one to judge with --base-url/);
    const chosen = await judge([a.file, b.file, '--base-url', b.base]);
    expect(chosen.code).toBe(0);
    expect(chosen.report?.traffic?.judged).toBe(13);
  });

  it('judges edge recordings without crash or failure: sanitized, null and mistyped fields, compressed bytes, user:pass@', async () => {
    const { file } = await recording('edges');
    const entries = (JSON.parse(readFileSync(file, 'utf8')) as { log: { entries: Json[] } }).log.entries;
    const variant = async (name: string, edit: (e: Json, i: number) => Json, args: string[] = []) => {
      const path = join(dir, `${name}.har`);
      writeFileSync(path, harOf(entries.map((e, i) => edit(structuredClone(e), i)) as HarEntry[]));
      return judge([path, ...args]);
    };
    const clean = await judge([file]);

    // A sanitized export: no Authorization anywhere, so what each request carried is unknown.
    const sanitized = await variant('sanitized', (e) => {
      e.request.headers = (e.request.headers ?? []).filter((h: Json) => h.name !== 'authorization');
      return e;
    });
    expect(sanitized.code).toBe(0);
    expect(failed(sanitized.report)).toEqual([]);
    expect(sanitized.report?.traffic?.notes?.[0]).toMatch(/no Authorization header anywhere/);
    expect(status(sanitized.report, 'AUTH-REQUIRED')).toBe('untested');
    expect(sanitized.out.join('\n')).toMatch(/only HTTP-JSON and HTTP-NO-5XX judge/);

    // Null, missing and mistyped fields: what can be read is judged, the rest counted.
    const odd = await variant('odd', (e, i) => {
      if (i % 4 === 0)
        e.response = {
          ...e.response,
          headers: Object.fromEntries((e.response?.headers ?? []).map((h: Json) => [h.name, h.value])),
        };
      if (i % 4 === 1)
        e.request.headers = [
          ...(e.request.headers ?? []),
          { name: 'X-Null', value: null },
          { name: 'X-Number', value: 7 },
        ];
      if (i % 4 === 2 && e.response?.content) e.response.content.text = null;
      if (i % 4 === 3) Object.assign(e, { time: null, startedDateTime: 5, cache: null, timings: null });
      if (e.response) e.response.status = String(e.response.status);
      return e;
    });
    expect(odd.code).toBe(0);
    expect(failed(odd.report)).toEqual([]);
    expect(odd.report?.traffic?.notJudged).toContainEqual({
      reason: 'the recording holds no body of the answer',
      count: expect.any(Number),
    });

    // Headers recorded as null: the Content-Type, or the credentials, unknown; judged in part, and said so.
    const nullHeaders = await variant('null-headers', (e, i) => {
      if (e.response && i % 2 === 0) e.response.headers = null;
      if (i % 2 === 1) e.request.headers = null;
      return e;
    });
    expect(nullHeaders.code).toBe(0);
    expect(failed(nullHeaders.report)).toEqual([]);
    expect(nullHeaders.report?.traffic?.judged).toBe(clean.report?.traffic?.judged);
    expect(nullHeaders.report?.traffic?.notes).toEqual([
      expect.stringMatching(/^\d+ exchange\(s\) judged in part: .* answer .* HTTP-JSON does not judge it\.$/),
      expect.stringMatching(
        /^\d+ exchange\(s\) judged in part: .* request .* only HTTP-JSON and HTTP-NO-5XX judge it\.$/,
      ),
    ]);

    // A body recorded as a number, alone: no verdict, naming the file and the entry.
    const numbered = await variant('numbered', (e) => {
      if (e.response?.content) e.response.content.text = 12345;
      return e;
    });
    expect(numbered.code).toBe(2);
    expect(numbered.out.join('\n')).toMatch(
      /numbered\.har: no verdict, .*an answer whose body cannot be decoded .*: numbered\.har entry \d+/,
    );

    // Bodies as base64 of the gzip bytes that went on the wire: decoded, judged as the plain recording.
    const wire = await variant('wire', (e) => {
      const text = e.response?.content?.text;
      if (typeof text !== 'string' || text === '' || e.response.content.encoding) return e;
      e.response.headers = [...(e.response.headers ?? []), { name: 'Content-Encoding', value: 'gzip' }];
      e.response.content = {
        ...e.response.content,
        text: gzipSync(text).toString('base64'),
        encoding: 'base64',
      };
      return e;
    });
    expect(wire.code).toBe(0);
    expect(wire.report?.traffic?.judged).toBe(clean.report?.traffic?.judged);

    // URLs with user information: the same API, and its password never shown.
    const withUser = await variant('userinfo', (e) => {
      e.request.url = String(e.request.url).replace('://', '://ada:pa55word-9@');
      return e;
    });
    expect(withUser.report?.traffic?.judged).toBe(clean.report?.traffic?.judged);
    expect(withUser.files + withUser.out.join('\n')).not.toContain('pa55word-9');
    const base = (clean.report?.target ?? '').replace('://', '://ada:pa55word-9@');
    const given = await variant('userinfo-base', (e) => e, ['--base-url', base]);
    expect(given.report?.traffic?.judged).toBe(clean.report?.traffic?.judged);
  });

  it('gives no verdict (exit 2, the reasons and the entries, no report) for a recording in which nothing could be judged', async () => {
    const base = 'http://127.0.0.1:9';
    const file = join(dir, 'nothing.har');
    writeFileSync(
      file,
      harOf([
        { request: { method: 'GET', url: `${base}/v2/products` }, response: { status: 0 } },
        {
          request: { method: 'OPTIONS', url: `${base}/v2/products` },
          response: { status: 204, headers: [], content: { size: 0 } },
        },
      ]),
    );
    const { code, out, report } = await judge([file]);
    expect(code).toBe(2);
    expect(report).toBeUndefined();
    expect(out.join('\n')).toMatch(
      /nothing\.har: no verdict, none of the 2 exchange\(s\) with http:\/\/127\.0\.0\.1:9\/v2 could be judged \(1 no answer \(the request failed\): nothing\.har entry 0; 1 OPTIONS requests .*: nothing\.har entry 1\)/,
    );
  });
});

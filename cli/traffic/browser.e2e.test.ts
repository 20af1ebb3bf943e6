/**
 * `traffic` on HAR recorded by a real browser: headless Chromium runs a page whose `fetch()` calls drive the
 * embedded reference server as a storefront's script would (listings walked through `links.next`, a category
 * with its products, a read without a token, an integration made, read and deleted, an order checked out,
 * authorized, captured and
 * refunded with the `{"data": {}}` body the service's SDK sends). Each run is recorded twice at once: by
 * Playwright (`recordHar`, bodies embedded) and through the DevTools protocol by `chrome-har`, as
 * browsertime and sitespeed.io record (request headers repeated, JSON request bodies as `postData.params`).
 * Once in front of the reference, once in front of a reference with several faults at once; each recording is
 * made once and read by every test.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference/faults/catalogue.ts';
import { startReferenceServer } from '../../reference/server.ts';
import type { RuleId } from '../../rules/catalogue.ts';
import {
  CHROMIUM_ARGS as ARGS,
  CHROMIUM_AVAILABLE as available,
  CHROMIUM,
} from '../../test-support/cli/chromium.ts';
import { ADDRESS, CUSTOMER } from '../../test-support/reference/sdk-session.ts';
import { recordWithChromeHar } from '../../test-support/traffic/record-cdp.ts';
import { main } from '../main.ts';
import type { ConformanceReport } from '../report/model.ts';

const TOKEN = `browser-${randomUUID()}`;

/** Faults whose answers the page reads, each on a rule of its own. */
const PLANTED = [
  'product-tax-code-renamed',
  'prev-on-first-page',
  'refund-status-pending',
  'integration-timestamps-seconds',
  'category-products-relationship-missing',
] as const;

/** The page: its script drives the API on its own origin, then sets the title to `done` (or the error). */
const PAGE = `<!doctype html><title>running</title><script>
const auth = { Authorization: 'Bearer ${TOKEN}' };
const read = async (path, init = { headers: auth }) => (await fetch(path, init)).text();
const post = (path, body) =>
  read(path, { method: 'POST', headers: { ...auth, 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
(async () => {
  // The products walked through links.next, and the whole listing in one page beside it.
  for (let next = '/v2/products?page[limit]=5'; next; ) next = JSON.parse(await read(next)).links.next;
  await read('/v2/products');
  await read('/v2/products?page[limit]=3', {});
  const categories = JSON.parse(await read('/v2/categories'));
  await read('/v2/categories/' + categories.data[0].id + '?include=products');
  await read('/v2/products?page[limit]=2');
  await read('/v2/integrations/' + crypto.randomUUID());
  const made = JSON.parse(await post('/v2/integrations', { data: {
    type: 'integration', integration_type: 'webhook', name: 'Page webhook', description: 'From a page',
    enabled: true, observes: ['order.fulfilled'], configuration: { url: 'https://hooks.example.com/page' } } }));
  await read('/v2/integrations/' + made.data.id);
  await read('/v2/integrations/' + made.data.id, { method: 'DELETE', headers: auth });
  const product = JSON.parse(await read('/v2/products?page[limit]=1')).data[0];
  await post('/v2/carts/page-cart/items', { data: { type: 'cart_item', id: product.id, quantity: 1 } });
  const address = ${JSON.stringify(ADDRESS)};
  const order = JSON.parse(await post('/v2/carts/page-cart/checkout', { data: {
    customer: ${JSON.stringify(CUSTOMER)}, billing_address: address, shipping_address: address } })).data;
  await post('/v2/orders/' + order.id + '/payments', { data: { gateway: 'manual', method: 'authorize' } });
  const txn = JSON.parse(await read('/v2/orders/' + order.id + '/transactions')).data[0];
  const action = '/v2/orders/' + order.id + '/transactions/' + txn.id;
  await read(action + '/capture', { method: 'POST', headers: auth });
  await post(action + '/refund', { data: {} });
  await read('/v2/orders/' + order.id + '/transactions');
  await read('/v2/categories');
})().then(() => { document.title = 'done'; }, (e) => { document.title = 'error: ' + e; });
</script>`;

/**
 * The reference sends no CORS headers, so a page on another origin could not send `Authorization` to it.
 * This loopback server serves the page at `/` and forwards every other request to the reference as it is
 * (method, headers, Host too so that the reference's links name this origin, body; the answer's status,
 * headers and bytes piped back): the page's fetches are same-origin and the recording holds exactly what the
 * reference answered. Its origin is the `--base-url` of the recordings.
 */
async function startPageServer(upstream: string): Promise<{ origin: string; server: Server }> {
  const server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    const out = forward(upstream + req.url, { method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    out.on('error', (error) => res.writeHead(502).end(String(error)));
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

interface Recorded {
  readonly origin: string;
  /** The HAR files: Playwright's, and chrome-har's of the same run. */
  readonly playwright: string;
  readonly chromeHar: string;
}

/** Runs the page against a reference with `faults`, recorded by Playwright and by chrome-har at once. */
async function record(browser: Browser, name: string, faults: readonly string[]): Promise<Recorded> {
  const reference = await startReferenceServer({
    port: 0,
    token: TOKEN,
    demoProducts: 12,
    faults: [...faults],
  });
  const { origin, server } = await startPageServer(reference.url);
  const dir = mkdtempSync(join(tmpdir(), 'traffic-browser-'));
  const playwright = join(dir, `${name}.playwright.har`);
  const chromeHar = join(dir, `${name}.chrome-har.har`);
  try {
    const context = await browser.newContext({ recordHar: { path: playwright, content: 'embed' } });
    const page = await context.newPage();
    const cdp = await recordWithChromeHar(page);
    await page.goto(`${origin}/`);
    await page.waitForFunction('document.title !== "running"', undefined, { timeout: 20_000 });
    expect(await page.title()).toBe('done');
    writeFileSync(chromeHar, await cdp.har());
    await context.close();
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await reference.close();
  }
  return { origin, playwright, chromeHar };
}

/** Runs `traffic` on the file: exit code, report, failed rules, output. */
async function judge(har: string, origin: string) {
  const reportDir = mkdtempSync(join(tmpdir(), 'traffic-browser-reports-'));
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const code = await main(['traffic', har, '--report-dir', reportDir, '--base-url', origin], {}, io);
  const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
  const status = (id: RuleId) => report.rules.find((rule) => rule.id === id)?.status;
  const failed = report.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id);
  return { code, report, status, failed, output: lines.join('\n'), reportDir };
}

interface HarFile {
  readonly log: {
    readonly entries: readonly {
      request: { url: string; headers: { name: string }[]; postData?: { text?: string; params?: unknown[] } };
    }[];
  };
}

describe('traffic on HAR recorded by headless Chromium: Playwright, and chrome-har through the DevTools protocol', () => {
  if (!available && !process.env.CI) {
    it.skip(`${CHROMIUM} is missing (install the Debian package chromium)`, () => {});
    return;
  }

  let browser: Browser;
  let clean: Recorded;
  let faulted: Recorded;
  beforeAll(async () => {
    if (!available) throw new Error(`${CHROMIUM} is missing: CI must install the Debian package chromium`);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
    clean = await record(browser, 'clean', []);
    faulted = await record(browser, 'faulted', PLANTED);
  }, 90_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('chrome-har writes what browsertime writes: Authorization twice, JSON bodies as params without text', () => {
    const { entries } = (JSON.parse(readFileSync(clean.chromeHar, 'utf8')) as HarFile).log;
    const api = entries.filter((e) => e.request.url.includes('/v2/'));
    expect(api.length).toBeGreaterThan(15);
    const auth = (e: (typeof api)[number]) =>
      e.request.headers.filter((h) => h.name.toLowerCase() === 'authorization').length;
    expect(api.some((e) => auth(e) > 1)).toBe(true);
    const posted = api.filter((e) => e.request.postData);
    expect(posted.length).toBeGreaterThan(0);
    expect(posted.every((e) => e.request.postData?.text === undefined && e.request.postData?.params)).toBe(
      true,
    );
  });

  for (const producer of ['playwright', 'chromeHar'] as const) {
    it(`judges ${producer}'s recording of the reference: exit 0, no failure, the sequences learnt, no token shown`, async () => {
      const { code, status, failed, output, reportDir, report } = await judge(clean[producer], clean.origin);
      expect(code, output).toBe(0);
      expect(failed).toEqual([]);
      expect(output).toMatch(/Judged (\d+) of \1 exchanges/);
      // Learnt from the traffic: the integration made (INT-GET), the order's transactions (capture, refund).
      for (const id of [
        'AUTH-REQUIRED',
        'PAGE-WALK',
        'INC-PRODUCTS',
        'INT-GET',
        'INT-DELETE',
        'TXN-CAPTURE',
        'TXN-REFUND',
        'TXN-REFUND-NO-META',
      ] as const) {
        expect([id, status(id)]).toEqual([id, 'passed']);
      }
      expect(report.traffic?.notes).toBeUndefined();
      const files = readdirSync(reportDir, { recursive: true, withFileTypes: true }).filter((f) =>
        f.isFile(),
      );
      for (const file of files) {
        expect(readFileSync(join(file.parentPath, file.name), 'utf8').includes(TOKEN), file.name).toBe(false);
      }
      expect(output).not.toContain(TOKEN);
    });

    it(`fails each planted fault on its rule and nothing else, from ${producer}'s recording`, async () => {
      const { code, failed, output, report } = await judge(faulted[producer], faulted.origin);
      expect(code, output).toBe(1);
      const planted = PLANTED.map((name) => FAULTS.find((f) => f.name === name));
      const allowed = planted.flatMap((f) => [f?.rule, ...Object.keys(f?.collateral ?? {})]);
      expect(failed.filter((id) => !allowed.includes(id))).toEqual([]);
      expect(planted.filter((f) => !failed.includes(f?.rule as RuleId)).map((f) => f?.name)).toEqual([]);
      const message = report.rules.find((rule) => rule.id === 'PRD-SCHEMA')?.checks[0]?.message;
      expect(message).toMatch(/sent by a client in "faulted\.\S+\.har entry \d+/);
    });
  }
});

/**
 * `traffic` on a HAR recorded by a real browser: headless Chromium (playwright-core, `recordHar` with the
 * bodies embedded) runs a page whose `fetch()` calls read the embedded reference server. Proves that such a
 * recording is read and judged by the exchange rules (exit 0 against the reference, every judged rule
 * passed), that its bearer token reaches no report file nor console line, and that a fault of the reference
 * the GETs reach fails its rule (exit 1) with evidence naming the recording's entry.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request as forward, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../../reference/server.ts';
import {
  CHROMIUM_ARGS as ARGS,
  CHROMIUM_AVAILABLE as available,
  CHROMIUM,
} from '../../test-support/cli/chromium.ts';
import { main } from '../main.ts';
import type { ConformanceReport } from '../report/model.ts';
import type { HarEntry } from './har.ts';

const TOKEN = `browser-${randomUUID()}`;
/** The API requests the page makes (the page itself, and any favicon, is outside `/v2`). */
const API_FETCHES = 6;

interface HarFile {
  readonly log: { readonly entries: readonly HarEntry[] };
}

/** The page: its script reads the API on its own origin, then sets the title to `done`. */
const PAGE = `<!doctype html><title>running</title><script>
const auth = { headers: { Authorization: 'Bearer ${TOKEN}' } };
// Every answer is read, as a storefront reads it (the browser keeps in the HAR only the bodies it received).
const read = async (path, init) => (await fetch(path, init)).text();
(async () => {
  await read('/v2/products?page[limit]=2', auth);
  await read('/v2/products?page[limit]=2&page[offset]=2', auth);
  const categories = JSON.parse(await read('/v2/categories', auth));
  await read('/v2/categories/' + categories.data[0].id + '?include=products', auth);
  await read('/v2/products');
  await read('/v2/integrations/' + crypto.randomUUID(), auth);
})().finally(() => { document.title = 'done'; });
</script>`;

/**
 * The reference sends no CORS headers, so a page on another origin could not send `Authorization` to it.
 * This loopback server serves the page at `/` and forwards every other request to the reference as it is
 * (method, headers but Host, body; the answer's status, headers and bytes piped back), so that the page's
 * fetches are same-origin and the recording holds exactly what the reference answered. Its origin is the
 * `--base-url` of the recording.
 */
async function startPageServer(upstream: string): Promise<{ origin: string; server: Server }> {
  const target = new URL(upstream);
  const server = createServer((req, res) => {
    if (req.url === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
      return;
    }
    const headers = { ...req.headers, host: target.host };
    const out = forward(upstream + req.url, { method: req.method, headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.rawHeaders);
      answer.pipe(res);
    });
    out.on('error', (error) => res.writeHead(502).end(String(error)));
    req.pipe(out);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** Records the page in `har`, returns when the context is closed (the HAR written). */
async function record(browser: Browser, origin: string, har: string): Promise<void> {
  const context = await browser.newContext({ recordHar: { path: har, content: 'embed' } });
  const page = await context.newPage();
  await page.goto(`${origin}/`);
  await page.waitForFunction('document.title === "done"', undefined, { timeout: 20_000 });
  await context.close();
}

/** Records the page against a reference with `faults`, runs `traffic` on it; the exit code, report, output. */
async function recordAndJudge(browser: Browser, faults: string[]) {
  const reference = await startReferenceServer({ port: 0, token: TOKEN, demoProducts: 12, faults });
  const { origin, server } = await startPageServer(reference.url);
  const dir = mkdtempSync(join(tmpdir(), 'traffic-browser-'));
  const har = join(dir, 'browser.har');
  const reportDir = join(dir, 'reports');
  try {
    await record(browser, origin, har);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await reference.close();
  }
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const code = await main(['traffic', har, '--report-dir', reportDir, '--base-url', origin], {}, io);
  const report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
  const status = (id: string) => report.rules.find((rule) => rule.id === id)?.status;
  return { code, report, status, lines, reportDir, har };
}

describe('traffic on a HAR recorded by headless Chromium', () => {
  if (!available && !process.env.CI) {
    it.skip(`${CHROMIUM} is missing (install the Debian package chromium)`, () => {});
    return;
  }

  let browser: Browser;
  beforeAll(async () => {
    if (!available) throw new Error(`${CHROMIUM} is missing: CI must install the Debian package chromium`);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('judges the recording of the reference: exit 0, the rules the GETs reach passed, no token in the reports', {
    timeout: 60_000,
  }, async () => {
    const { code, report, status, lines, reportDir, har } = await recordAndJudge(browser, []);
    // The recording carries the token in the API requests' Authorization headers, not just in the page.
    const entries = (JSON.parse(readFileSync(har, 'utf8')) as HarFile).log.entries;
    const sent = entries.filter((e) => e.request.headers?.some((h) => h.value === `Bearer ${TOKEN}`));
    expect(sent.filter((e) => e.request.url.includes('/v2/')).length).toBe(API_FETCHES - 1);
    expect(code, lines.join('\n')).toBe(0);
    expect(report.traffic?.judged).toBeGreaterThanOrEqual(API_FETCHES);
    for (const id of ['HTTP-JSON', 'PAGE-ENVELOPE', 'PRD-SCHEMA', 'CAT-SCHEMA', 'AUTH-REQUIRED']) {
      expect([id, status(id)]).toEqual([id, 'passed']);
    }
    expect(report.rules.filter((rule) => rule.status === 'failed').map((rule) => rule.id)).toEqual([]);
    const files = readdirSync(reportDir, { recursive: true, withFileTypes: true }).filter((f) => f.isFile());
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const text = readFileSync(join(file.parentPath, file.name), 'utf8');
      expect(text.includes(TOKEN), `${file.name} holds the token`).toBe(false);
    }
    expect(lines.join('\n')).not.toContain(TOKEN);
  });

  it('fails PRD-SCHEMA (exit 1) on a recording of a reference with product-tax-code-renamed', {
    timeout: 60_000,
  }, async () => {
    const { code, report, status, lines } = await recordAndJudge(browser, ['product-tax-code-renamed']);
    expect(code, lines.join('\n')).toBe(1);
    expect(status('PRD-SCHEMA')).toBe('failed');
    const failed = report.rules
      .find((rule) => rule.id === 'PRD-SCHEMA')
      ?.checks.filter((check) => check.status === 'failed');
    expect(failed?.length).toBeGreaterThan(0);
    expect(failed?.[0]?.message).toMatch(/browser\.har entry \d+/);
    expect(lines.join('\n')).not.toContain(TOKEN);
  });
});

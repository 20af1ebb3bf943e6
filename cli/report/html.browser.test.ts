import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CHROMIUM_ARGS as ARGS,
  CHROMIUM_AVAILABLE as available,
  CHROMIUM,
} from '../../test-support/cli/chromium.ts';
import { collected, failingReport, report } from '../../test-support/cli/make.ts';
import { REPORT_FILES, writeReports } from './write.ts';

/** The few browser globals the page functions use (the project's TypeScript has no DOM library). */
interface BrowserGlobals {
  navigator: { clipboard: { readText(): Promise<string> } };
  DOMParser: new () => {
    parseFromString(text: string, type: string): { getElementsByTagName(name: string): { length: number } };
  };
}

describe('conformance.html in a real browser (headless Chromium)', () => {
  if (!available && !process.env.CI) {
    it.skip(`${CHROMIUM} is missing (install the Debian package chromium)`, () => {});
    return;
  }

  let browser: Browser;
  let dir: string;
  let baselineDir: string;
  beforeAll(async () => {
    if (!available) throw new Error(`${CHROMIUM} is missing: CI must install the Debian package chromium`);
    dir = mkdtempSync(join(tmpdir(), 'conformance-html-'));
    writeReports(dir, failingReport('<script>window.__pwned = 1</script>{"data":{}}'), [], 30);
    baselineDir = mkdtempSync(join(tmpdir(), 'conformance-html-baseline-'));
    const known = failingReport('{}', {
      label: 'staging <b>eu</b>',
      server: 'nginx/1.25',
      baseline: {
        file: 'conformance-baseline.json',
        entries: [
          { rule: 'INT-SELF-LINK', reason: 'JIRA-7 <i>relative links</i>' },
          { rule: 'INT-GET', reason: 'fixed?' },
        ],
      },
    });
    writeReports(baselineDir, known, [], 30);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('renders the summary and a failure with its evidence and rule index entry, runs no injected script, and copies curl', async () => {
    const context = await browser.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(join(dir, REPORT_FILES.html)).href);

    await expect.poll(() => page.locator('#verdict').textContent()).toContain('Failed: 1 MUST rule(s)');
    const summary = page.locator('#summary table').first();
    expect(await summary.isVisible()).toBe(true);
    const cells = await summary.locator('tr', { hasText: 'integrations' }).locator('td').allTextContents();
    expect(cells.slice(0, 5)).toEqual(['integrations', '1', '1', '0', '0']);

    const failure = page.locator('#rule-INT-SELF-LINK');
    expect(await failure.getAttribute('open')).not.toBeNull();
    const message = failure.locator('pre.message');
    expect(await message.isVisible()).toBe(true);
    expect(await message.textContent()).toContain('expected data.links.self to be an absolute URL');
    expect(await failure.locator('pre.response').textContent()).toContain(
      '<script>window.__pwned = 1</script>',
    );
    expect(await failure.locator('pre.curl').isVisible()).toBe(true);
    expect(
      await page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();

    const button = failure.locator('button.copy');
    await button.click();
    await expect.poll(() => button.textContent()).toBe('Copied');
    expect(
      await page.evaluate(() => (globalThis as unknown as BrowserGlobals).navigator.clipboard.readText()),
    ).toBe("curl -i -g -X GET 'http://127.0.0.1:4010/v2/integrations/abc'");

    // The rule's entry of the rule index: closed at first, opened by a click.
    const about = failure.locator('details.about');
    const command = about.locator('code', { hasText: 'npm run reference -- --fault self-link-relative' });
    expect(await command.isVisible()).toBe(false);
    await about.locator('summary').click();
    expect(await command.isVisible()).toBe(true);
    expect(await about.locator('dd').first().textContent()).toBe('rules/integrations/int-self-link.ts');
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
    await context.close();
  });

  it('shows the metadata, the known and stale baseline entries, and the excluded rules', async () => {
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(baselineDir, REPORT_FILES.html)).href);
    const verdict = await page.locator('#verdict').textContent();
    expect(verdict).toContain('Passed');
    expect(verdict).toContain('1 known failure(s) in the baseline');
    const metadata = page.locator('#metadata');
    expect(await metadata.isVisible()).toBe(true);
    expect(await metadata.textContent()).toContain('Labelstaging <b>eu</b>');
    expect(await metadata.textContent()).toContain('Servernginx/1.25');
    expect(await page.locator('#baseline-known + ul li').allTextContents()).toEqual([
      'INT-SELF-LINK MUST — JIRA-7 <i>relative links</i>',
    ]);
    expect(await page.locator('#baseline-stale + ul li').allTextContents()).toEqual([
      'INT-GET MUST — fixed?',
    ]);
    expect(await page.locator('#rule-INT-SELF-LINK summary .b-known').textContent()).toBe('known');
    const excluded = page.locator('#excluded details');
    expect(await excluded.locator('a').first().isVisible()).toBe(false);
    await excluded.locator('summary').click();
    expect(await excluded.locator('a[href="#rule-TXN-LIST"]').isVisible()).toBe(true);
    await page.close();
  });

  it('says incomplete, with the rules not evaluated', async () => {
    const incompleteDir = mkdtempSync(join(tmpdir(), 'conformance-html-incomplete-'));
    writeReports(
      incompleteDir,
      report([collected('TXN-CONFIRM', 'skipped', { reason: 'no card_payment_intents gateway' })], {
        filter: { rules: ['TXN-CONFIRM'], areas: [] },
      }),
      [],
      30,
    );
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(incompleteDir, REPORT_FILES.html)).href);
    expect(await page.locator('#verdict').textContent()).toBe(
      'Incomplete: 1 MUST rule(s) not evaluated (exit code 2)',
    );
    expect(await page.locator('#incomplete li').textContent()).toBe(
      'TXN-CONFIRM MUST skipped no card_payment_intents gateway',
    );
    await page.close();
  });

  it('parses junit.xml as XML', async () => {
    const page = await browser.newPage();
    const xml = readFileSync(join(dir, REPORT_FILES.junit), 'utf8');
    const result = await page.evaluate((text) => {
      const doc = new (globalThis as unknown as BrowserGlobals).DOMParser().parseFromString(
        text,
        'application/xml',
      );
      return {
        error: doc.getElementsByTagName('parsererror').length > 0,
        cases: doc.getElementsByTagName('testcase').length,
        failures: doc.getElementsByTagName('failure').length,
      };
    }, xml);
    expect(result.error).toBe(false);
    expect(result.failures).toBe(1);
    expect(result.cases).toBeGreaterThan(40);
    await page.close();
  });
});

import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, CHROMIUM_AVAILABLE } from '../../test-support/cli/chromium.ts';
import { collected, report } from '../../test-support/cli/make.ts';
import { writeReports } from '../report/write.ts';
import { MATRIX_FILES, runMatrix } from './command.ts';

/** Two implementations' report directories: Acme fails INT-SCHEMA, Globex passes it; both observe AUTH-STATUS. */
function reportDirs(): string[] {
  const root = mkdtempSync(join(tmpdir(), 'conformance-matrix-'));
  const dirs = ['acme', 'globex'].map((name) => join(root, name));
  writeReports(
    dirs[0] as string,
    labelled(
      report([
        collected('INT-GET', 'passed'),
        collected('INT-SCHEMA', 'failed'),
        collected('AUTH-STATUS', 'observed', {
          observations: { 'missing token': { status: 401, body: '<script>window.__pwned = 1</script>' } },
        }),
      ]),
      'Acme <b>Shop</b>',
    ),
    [],
    30,
  );
  writeReports(
    dirs[1] as string,
    report([
      collected('INT-GET', 'passed'),
      collected('INT-SCHEMA', 'passed'),
      collected('AUTH-STATUS', 'observed', { observations: { 'missing token': { status: 403 } } }),
    ]),
    [],
    30,
  );
  return dirs;
}

/** The report with another label in its metadata. */
function labelled(r: ReturnType<typeof report>, label: string): ReturnType<typeof report> {
  return { ...r, metadata: { ...r.metadata, label } };
}

describe('matrix.html in a real browser (headless Chromium)', () => {
  if (!CHROMIUM_AVAILABLE && !process.env.CI) {
    it.skip(`${CHROMIUM} is missing (install the Debian package chromium)`, () => {});
    return;
  }

  let browser: Browser;
  let out: string;
  beforeAll(async () => {
    if (!CHROMIUM_AVAILABLE)
      throw new Error(`${CHROMIUM} is missing: CI must install the Debian package chromium`);
    out = mkdtempSync(join(tmpdir(), 'conformance-matrix-out-'));
    const code = runMatrix({ dirs: reportDirs(), out }, { out: () => {}, err: () => {} });
    if (code !== 0) throw new Error(`matrix exited ${code}`);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('shows rules × implementations with scores, opens observations, filters, runs no injected script', async () => {
    const page = await browser.newPage();
    const requests: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    await page.goto(pathToFileURL(join(out, MATRIX_FILES.html)).href);

    const heads = page.locator('thead th.impl');
    expect(await heads.count()).toBe(2);
    expect(await heads.nth(0).locator('a').textContent()).toBe('Acme <b>Shop</b>');
    expect(await heads.nth(0).locator('.score').textContent()).toMatch(/^MUST 1\/\d+ · SHOULD 0\/\d+$/);
    expect(await heads.nth(0).locator('.score').getAttribute('class')).toContain('g-failing');
    // A score bar per level: Acme's MUST bar is one rule passed and one failed of the level's rules.
    const must = heads.nth(0).locator('svg.bar').first();
    expect(await must.getAttribute('aria-label')).toMatch(
      /^MUST: 1 passed, 1 failed, \d+ not evaluated, of \d+$/,
    );
    const widths = await must.locator('rect').evaluateAll((all) => all.map((e) => e.getAttribute('width')));
    expect(widths[1]).toBe(widths[2]);
    expect(Number.parseFloat(widths[1] ?? '')).toBeGreaterThan(0);
    expect((await must.boundingBox())?.width).toBeGreaterThan(60);
    const fills = await must
      .locator('rect')
      .evaluateAll((all) => all.map((e) => (globalThis as unknown as Win).getComputedStyle(e).fill));
    expect(fills.slice(0, 2)).toEqual(['rgb(234, 238, 242)', 'rgb(26, 127, 55)']);
    expect(fills[2]).toMatch(/^url\("#hatch"\)/);
    expect(await heads.nth(1).locator('svg.bar').count()).toBe(2);

    const schema = page.locator('#rule-INT-SCHEMA');
    expect(await schema.locator('td.cell').allTextContents()).toEqual(['failed', 'passed']);
    expect(await schema.locator('td.passing').textContent()).toBe('1/2');
    const failedColor = await schema
      .locator('td.cell .badge')
      .first()
      .evaluate((e) => (globalThis as unknown as Win).getComputedStyle(e).backgroundColor);
    expect(failedColor).toBe('rgb(207, 34, 46)');

    const auth = page.locator('#rule-AUTH-STATUS');
    const observed = auth.locator('td.cell pre').first();
    expect(await observed.isVisible()).toBe(false);
    await auth.locator('td.cell summary').first().click();
    expect(await observed.isVisible()).toBe(true);
    expect(await observed.textContent()).toContain('<script>window.__pwned = 1</script>');
    expect(await page.evaluate(() => (globalThis as { __pwned?: number }).__pwned)).toBeUndefined();

    const same = page.locator('#rule-INT-GET');
    expect(await same.isVisible()).toBe(true);
    await page.locator('#only-differ').check();
    expect(await same.isVisible()).toBe(false);
    expect(await schema.isVisible()).toBe(true);
    expect(await auth.isVisible()).toBe(true);
    await page.locator('#only-differ').uncheck();
    expect(await same.isVisible()).toBe(true);

    // The header row stays in sight while the rows scroll, and the page needs no script.
    await page.mouse.wheel(0, 400);
    await expect.poll(() => heads.nth(0).evaluate((e) => e.getBoundingClientRect().top)).toBe(0);
    expect(await page.locator('script').count()).toBe(0);

    await heads.nth(1).locator('a').click();
    await page.waitForURL(/\/globex\/conformance\.html$/);
    expect(await page.locator('h1').textContent()).toBe('Commerce Service API conformance');
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
    await page.close();
  });
});

/** The browser global the page functions use (the project's TypeScript has no DOM library). */
interface Win {
  getComputedStyle(element: unknown): { backgroundColor: string; fill: string };
}

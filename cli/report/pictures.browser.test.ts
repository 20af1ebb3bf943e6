import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, CHROMIUM_AVAILABLE } from '../../test-support/cli/chromium.ts';
import { faultNights } from '../../test-support/cli/history.ts';
import { tempReportDir } from '../../test-support/cli/spawn.ts';
import type { ConformanceReport } from './model.ts';
import { REPORT_FILES } from './write.ts';

/** The browser globals the page functions use (the project's TypeScript has no DOM library). */
interface Win {
  document: {
    body: {
      cloneNode(deep: true): { querySelectorAll(s: string): { remove(): void }[]; textContent: string };
    };
    documentElement: { scrollWidth: number };
  };
  getComputedStyle(element: unknown): { fill: string };
}

describe('the pictures of conformance.html after three runs, in a real browser (headless Chromium)', () => {
  if (!CHROMIUM_AVAILABLE && !process.env.CI) {
    it.skip(`${CHROMIUM} is missing (install the Debian package chromium)`, () => {});
    return;
  }

  let browser: Browser;
  const dir = tempReportDir();
  let codes: (number | null)[];
  let report: ConformanceReport;
  beforeAll(async () => {
    if (!CHROMIUM_AVAILABLE)
      throw new Error(`${CHROMIUM} is missing: CI must install the Debian package chromium`);
    // INT-SELF-LINK fails in the second run only: a reference server whose self links are relative.
    codes = await faultNights(dir, [[], ['self-link-relative'], []], ['--area', 'integrations']);
    report = JSON.parse(readFileSync(join(dir, REPORT_FILES.json), 'utf8'));
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 180_000);
  afterAll(async () => {
    await browser?.close();
  });

  /** Opens the page at `width` px, recording its requests and its console errors. */
  async function open(width: number): Promise<{ page: Page; requests: string[]; errors: string[] }> {
    const page = await browser.newPage({ viewport: { width, height: 900 } });
    const requests: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => requests.push(request.url()));
    page.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(pathToFileURL(join(dir, REPORT_FILES.html)).href);
    return { page, requests, errors };
  }

  it('shows the rule’s flip in the history grid, the dip of the MUST line, and the coverage bars', async () => {
    expect(codes).toEqual([0, 1, 0]);
    const { page, requests, errors } = await open(1280);
    expect(
      await page.evaluate(() => (globalThis as unknown as Win).document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(1280);
    const grid = page.locator('#history figure', { hasText: 'integrations' }).locator('svg.grid');
    expect(await grid.getAttribute('aria-label')).toContain('INT-SELF-LINK passed ×1, failed ×1, passed ×1');
    const flip = grid.locator('rect', { has: page.locator('title', { hasText: /^INT-SELF-LINK: / }) });
    expect(await flip.evaluateAll((all) => all.map((e) => e.getAttribute('class')))).toEqual([
      's-passed',
      's-failed',
      's-passed',
    ]);
    const fills = await flip.evaluateAll((all) =>
      all.map((e) => (globalThis as unknown as Win).getComputedStyle(e).fill),
    );
    expect(fills[0]).toBe('rgb(26, 127, 55)');
    expect(fills[1]).toMatch(/^url\("#hatch"\)/);
    const [first, failed] = [await flip.nth(0).boundingBox(), await flip.nth(1).boundingBox()];
    expect(failed?.y).toBe(first?.y);
    expect(failed?.x).toBeGreaterThan((first?.x ?? 0) + 8);
    expect(failed?.height).toBeGreaterThan(8);
    expect(await page.locator('#history li a[href="#rule-INT-SELF-LINK"]').isVisible()).toBe(true);

    const must = report.rules.filter((r) => r.level === 'MUST' && r.status === 'passed').length;
    const line = page.locator('#history svg.passes').first();
    expect(await line.getAttribute('aria-label')).toContain(`${must}, ${must - 1}, ${must} of `);
    const points = await line
      .locator('circle')
      .evaluateAll((all) => all.map((e) => Number(e.getAttribute('cy'))));
    expect(points).toHaveLength(3);
    expect(points[1]).toBeGreaterThan(points[0] ?? Infinity);
    expect(points[2]).toBe(points[0]);

    const bars = page.locator('#coverage svg.bar');
    expect(await bars.count()).toBe(report.coverage?.length);
    for (const [i, d] of (report.coverage ?? []).entries()) {
      expect((await bars.nth(i).boundingBox())?.width).toBeGreaterThan(200);
      const visited = Number.parseFloat(
        (await bars.nth(i).locator('rect.s-passed').getAttribute('width')) ?? '',
      );
      expect(visited).toBeCloseTo((100 * d.visited) / d.points, 0);
    }
    expect(await page.locator('#rule-INT-SELF-LINK > summary .badge.flaky').isVisible()).toBe(true);
    expect(await page.locator('#flaky li').allTextContents()).toEqual([
      expect.stringMatching(/^INT-SELF-LINK MUST flipped 2 times/),
    ]);
    expect(await page.locator('#rule-INT-SELF-LINK > summary code').first().textContent()).toBe('links.self');

    const text = await page.evaluate(() => {
      const body = (globalThis as unknown as Win).document.body.cloneNode(true);
      for (const script of body.querySelectorAll('script')) script.remove();
      return body.textContent;
    });
    expect(text).toContain('INT-SELF-LINK');
    expect(text).not.toContain('`');
    expect(requests.every((url) => url.startsWith('file://'))).toBe(true);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('fits 390 px without a page wider than the screen; the grid keeps the last run in sight', async () => {
    const { page, errors } = await open(390);
    expect(
      await page.evaluate(() => (globalThis as unknown as Win).document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(390);
    const now = page.locator('#history svg.grid rect.now').first();
    const box = await now.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('summary.md shows the rule’s strip of the three runs', () => {
    const md = readFileSync(join(dir, REPORT_FILES.markdown), 'utf8');
    expect(md).toContain('### Failing or flaky rules: the last 3 runs, oldest first');
    expect(md).toMatch(/\| `INT-SELF-LINK` \| MUST \| §2\.2 \| 2 \(flaky\) \| ✅❌✅ \|/);
    expect(md).toMatch(/^- `[█░]{10}` \d+ of \d+ visited, gate covering set \d+ of \d+: /m);
  });
});

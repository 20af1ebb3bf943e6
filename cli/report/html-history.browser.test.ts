import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { type Browser, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CHROMIUM, CHROMIUM_ARGS, CHROMIUM_AVAILABLE } from '../../test-support/cli/chromium.ts';
import { flakyNights } from '../../test-support/cli/history.ts';

describe('the history strip of conformance.html in a real browser (headless Chromium)', () => {
  if (!CHROMIUM_AVAILABLE && !process.env.CI) {
    it.skip(`${CHROMIUM} is missing (install the Debian package chromium)`, () => {});
    return;
  }

  let browser: Browser;
  beforeAll(async () => {
    if (!CHROMIUM_AVAILABLE)
      throw new Error(`${CHROMIUM} is missing: CI must install the Debian package chromium`);
    browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
  });

  it('conformance.html shows each rule’s strip of recent statuses and marks the flaky rule', async () => {
    const { dir } = flakyNights();
    const page = await browser.newPage();
    await page.goto(pathToFileURL(join(dir, 'conformance.html')).href);
    const squares = page.locator('#rule-INT-GET > summary .strip i');
    expect(await squares.count()).toBe(3);
    expect(await squares.evaluateAll((all) => all.map((e) => e.getAttribute('data-status')))).toEqual([
      'passed',
      'failed',
      'passed',
    ]);
    const box = await squares.nth(1).boundingBox();
    expect(box?.width).toBeGreaterThan(4);
    expect(box?.height).toBeGreaterThan(8);
    const colors = await squares.evaluateAll((all) =>
      all.map((e) => (globalThis as unknown as Win).getComputedStyle(e).backgroundColor),
    );
    expect(colors).toEqual(['rgb(26, 127, 55)', 'rgb(207, 34, 46)', 'rgb(26, 127, 55)']);
    expect(await squares.nth(1).getAttribute('title')).toBe('2026-11-20T02:00:00.000Z: failed');
    expect(await page.locator('#rule-INT-GET > summary .badge.flaky').isVisible()).toBe(true);
    expect(await page.locator('#rule-INT-SCHEMA > summary .badge.flaky').count()).toBe(0);
    const flaky = page.locator('#flaky');
    expect(await flaky.isVisible()).toBe(true);
    expect(await flaky.locator('li').allTextContents()).toEqual([
      expect.stringMatching(/^INT-GET MUST flipped 2 times/),
    ]);
    await page.close();
  });
});

/** The browser global the page functions use (the project's TypeScript has no DOM library). */
interface Win {
  getComputedStyle(element: unknown): { backgroundColor: string };
}

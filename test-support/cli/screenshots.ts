/**
 * The screenshots of docs/reports.md (`npm run docs:screenshots`): eight nights of the command line into one
 * report directory, some against a reference server with faults, and a second implementation for a matrix;
 * then conformance.html and matrix.html in headless Chromium at 1280 and 390 px wide, into docs/images/.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Page } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from './chromium.ts';
import { faultNights } from './history.ts';
import { runCli, tempReportDir } from './spawn.ts';

const IMAGES = fileURLToPath(new URL('../../docs/images/', import.meta.url));

/** Each night's faults: a flip, a SHOULD rule failing two nights, a walk that skips a record, a new failure. */
const NIGHTS = [
  [],
  ['self-link-relative'],
  [],
  ['results-total-off-by-one'],
  ['results-total-off-by-one', 'next-skips-a-record'],
  ['next-skips-a-record'],
  [],
  ['refund-with-meta'],
];

async function main(): Promise<void> {
  const nightly = tempReportDir();
  const globex = tempReportDir();
  console.log(`nights into ${nightly}:`, await faultNights(nightly, NIGHTS, ['--label', 'staging']));
  await faultNights(globex, [['default-limit-25', 'self-link-relative']], ['--label', 'Globex']);
  const matrix = tempReportDir();
  await runCli(['matrix', nightly, globex, '--report-dir', matrix]);

  mkdirSync(IMAGES, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: CHROMIUM_ARGS });
  const open = async (file: string, width: number): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height: width < 600 ? 844 : 800 } });
    await page.goto(pathToFileURL(file).href);
    return page;
  };
  const report = join(nightly, 'conformance.html');
  let page = await open(report, 1280);
  await shoot(page, '#history', 'report-history.png');
  await shoot(page, '#coverage', 'report-coverage.png', 560);
  page = await open(report, 390);
  await page.locator('#history').evaluate((e) => e.scrollIntoView());
  await page.screenshot({ path: join(IMAGES, 'report-390.png') });
  // The matrix scrolled to the rules that differ: its header row stays in sight.
  page = await browser.newPage({ viewport: { width: 1280, height: 440 } });
  await page.goto(pathToFileURL(join(matrix, 'matrix.html')).href);
  await page.locator('#rule-INT-SELF-LINK').evaluate((e) => e.scrollIntoView({ block: 'center' }));
  await page.screenshot({ path: join(IMAGES, 'matrix.png') });
  await browser.close();
  console.log(`screenshots in ${IMAGES}; summary.md: ${join(nightly, 'summary.md')}`);
}

/** A screenshot of the element `selector`, at most `height` px of it. */
async function shoot(page: Page, selector: string, name: string, height = Infinity): Promise<void> {
  const box = await page.locator(selector).boundingBox();
  if (!box) throw new Error(`${selector} is not on the page`);
  const clip = {
    x: 0,
    y: box.y - 8,
    width: page.viewportSize()?.width ?? 1280,
    height: Math.min(height, box.height + 16),
  };
  await page.screenshot({ path: join(IMAGES, name), clip, fullPage: true });
}

await main();

/** Headless Chromium for the tests of the HTML pages (conformance.html, matrix.html). */
import { existsSync } from 'node:fs';

/** Debian's chromium package; `.ci/run` installs it. Missing: skipped locally, a failure in CI. */
export const CHROMIUM = '/usr/bin/chromium';
export const CHROMIUM_AVAILABLE = existsSync(CHROMIUM);
/** No sandbox (containers), no GPU, nothing that reaches the network by itself. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

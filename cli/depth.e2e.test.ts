/**
 * The deep profile end to end: `commerce-conformance --depth deep` spawned against the embedded reference
 * server with a small request budget (the exploration stays within it, and says what it spent), and against
 * a proxy that breaks PAGE-LIMIT only for page lengths from 38 on (generation finds it, shrinking names a
 * small failing input and the command that replays it).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../reference/server.ts';
import { runCli, tempReportDir } from '../test-support/cli/spawn.ts';
import { type Edit, startProxy } from '../test-support/proxy/editing-proxy.ts';
import type { ConformanceReport } from './report/model.ts';

const TIMEOUT = 120_000;

function readJson(dir: string): ConformanceReport {
  return JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
}

/** meta.page.limit one short of page[limit] from 38 on: wrong only for some page lengths. */
const shortLimitFrom38: Edit = (request, response) => {
  const limit = Number(new URL(request.path, 'http://x').searchParams.get('page[limit]'));
  if (request.method !== 'GET' || !(limit >= 38) || response.status !== 200) return response;
  const body = JSON.parse(response.body) as { meta?: { page?: { limit?: number } } };
  if (body.meta?.page) body.meta.page.limit = limit - 1;
  return { ...response, body: JSON.stringify(body) };
};

describe.concurrent('commerce-conformance --depth deep', () => {
  let reference: ReferenceServer;
  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0 });
  });
  afterAll(async () => {
    await reference.close();
  });

  it('stays within a small request budget, prints the seed and records seed, depth and spend', {
    timeout: TIMEOUT,
  }, async () => {
    const dir = tempReportDir();
    const result = await runCli([
      '--depth',
      'deep',
      '--request-budget',
      '330',
      '--seed',
      '5',
      '--area',
      'pagination',
      '--report-dir',
      dir,
    ]);
    expect(result.code, result.stderr).toBe(0);
    expect(result.stdout).toContain('Depth deep, request budget 330; seed 5 (replay with --seed 5)');
    const report = readJson(dir);
    expect([report.metadata.seed, report.metadata.depth]).toEqual([5, 'deep']);
    expect(report.exploration?.budget).toBe(330);
    expect(report.exploration?.requests).toBeGreaterThan(0);
    // The exploration gets what the gate's 300 requests leave of the budget.
    expect(report.exploration?.requests).toBeLessThanOrEqual(30);
    const limit = report.rules.find((r) => r.id === 'PAGE-LIMIT');
    expect(limit?.inputs).toBeGreaterThan(10);
    expect(limit?.bySource?.boundary).toBeGreaterThan(0);
    // Generated pages reach the rules of every page (which page lengths they draw depends on the listing's total
    // when sent: a class such as 'one record left' is resolved against it).
    const envelope = report.rules.find((r) => r.id === 'PAGE-ENVELOPE');
    expect(envelope?.bySource?.generated).toBeGreaterThan(0);
  });

  it('finds a fault of some page lengths only, shrinks it and names the replay command', {
    timeout: TIMEOUT,
  }, async () => {
    const proxy = await startProxy(reference.url, shortLimitFrom38);
    try {
      const dir = tempReportDir();
      const args = ['--base-url', proxy.url, '--token', reference.token, '--report-dir', dir];
      const result = await runCli([
        ...args,
        '--depth',
        'deep',
        '--request-budget',
        '2000',
        '--seed',
        '11',
        '--rule',
        'PAGE-LIMIT',
      ]);
      expect(result.code, result.stderr).toBe(1);
      const rule = readJson(dir).rules.find((r) => r.id === 'PAGE-LIMIT');
      // The probe that drew the failing page shrank it; its failure comes first in the rule's evidence.
      const generated =
        rule?.checks.filter((c) => c.status === 'failed' && /minimal failing input/.test(c.message ?? '')) ??
        [];
      expect(generated.length).toBeGreaterThan(0);
      const message = generated[0]?.message ?? '';
      // Shrunk to the page length that fails (in whichever spelling of the parameters it was drawn, its digits
      // percent-encoded or not).
      expect(message).toMatch(
        /minimal failing input after \d+ shrink step\(s\): GET \/v2\/\w+\?\S*page(\[|%5B)limit(\]|%5D)=(38|%33%38)\b/,
      );
      expect(message).toContain('replay: commerce-conformance --seed 11 --rule PAGE-LIMIT --depth deep');
      expect(generated[0]?.curl).toMatch(/page(\[|%5B)limit(\]|%5D)=(38|%33%38)/);
      // The gate profile's boundary pages catch it too (page[limit]=100), without generated inputs.
      const gate = await runCli([...args, '--rule', 'PAGE-LIMIT', '--report-dir', tempReportDir()]);
      expect(gate.code).toBe(1);
    } finally {
      await proxy.close();
    }
  });
});

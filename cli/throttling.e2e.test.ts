import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { startReferenceServer } from '../reference/server.ts';
import { runCli, tempReportDir } from '../test-support/cli/spawn.ts';
import { startLoopbackProxy, throttling } from '../test-support/proxy/loopback-proxy.ts';

/**
 * A deep run against a staging that throttles: a loopback proxy answers 15 % of the requests itself with 429
 * or 503 and `Retry-After` (the requests never reach the reference server), and resets 5 % of the requests
 * that are safe to send again (a POST reset is rightly not retried: a payment sent twice could double). The
 * run slows down and finishes as a clean run does: exit 0, nothing failed, nothing not evaluated, a report.
 */
const closing: { close(): Promise<void> }[] = [];
afterAll(async () => {
  for (const thing of closing.reverse()) await thing.close();
});

describe('a deep run through a throttling proxy', () => {
  it('finishes with the verdicts of a clean run: exit 0, no failure, no rule not evaluated', {
    timeout: 300_000,
  }, async () => {
    const server = await startReferenceServer({ port: 0 });
    closing.push(server);
    const injected = { throttled: 0, reset: 0 };
    const proxy = await startLoopbackProxy(server.url, { decide: throttling(20_261_124, injected) });
    closing.push(proxy);
    const dir = tempReportDir();
    const result = await runCli([
      '--base-url',
      proxy.url,
      '--token',
      server.token,
      '--report-dir',
      dir,
      '--depth',
      'deep',
      '--seed',
      '7',
      // The gate's 300 requests and 700 generated ones: enough to meet the throttling often, in less time.
      '--request-budget',
      '1000',
      '--workers',
      '2',
    ]);
    expect(injected.throttled).toBeGreaterThan(80);
    // About 5 % of some 400 safe requests (which ones the seeded decisions hit varies with the run's order).
    expect(injected.reset).toBeGreaterThan(10);
    const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as {
      rules: { id: string; status: string; checks: { message?: string }[] }[];
    };
    const unclean = report.rules
      .filter((r) => r.status !== 'passed' && r.status !== 'observed')
      .map(
        (r) =>
          `${r.id} ${r.status}: ${r.checks
            .map((c) => c.message)
            .join(' | ')
            .slice(0, 300)}`,
      );
    expect(unclean).toEqual([]);
    expect(result.code, result.stderr).toBe(0);
  });
});

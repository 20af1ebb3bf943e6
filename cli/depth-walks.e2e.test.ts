/**
 * Walks at generated page lengths end to end (deep profile, issue 10): `commerce-conformance --depth deep
 * --rule PAGE-WALK` spawned against a proxy in front of the embedded reference server (63 products) whose
 * `links.next` skips a record at page lengths from 20 on only. The walk at a quarter of the total (16) does
 * not see it; the generated walks find it, and shrinking names the smallest failing page length. A walk
 * of this listing costs up to 10 requests when it fails (two walks of 3 pages and the pages that tell why),
 * so the budget is raised to 4,000, whose share lets shrinking go all the way (with the default of 2,000 it
 * stops part of the way, within the share).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../reference/server.ts';
import { runCli, tempReportDir } from '../test-support/cli/spawn.ts';
import { type Edit, startProxy } from '../test-support/proxy/editing-proxy.ts';
import type { ConformanceReport } from './report/model.ts';

/** links.next one record further than the next page, at page[limit] of 20 or more. */
const nextSkipsFrom20: Edit = (request, response) => {
  const limit = Number(new URL(request.path, 'http://x').searchParams.get('page[limit]'));
  if (request.method !== 'GET' || !(limit >= 20) || response.status !== 200) return response;
  const body = JSON.parse(response.body) as { links?: { next?: string | null } };
  const next = body.links?.next;
  if (typeof next !== 'string' || body.links === undefined) return response;
  body.links.next = next.replace(
    /page\[offset\]=(\d+)/,
    (_, offset: string) => `page[offset]=${Number(offset) + 1}`,
  );
  return { ...response, body: JSON.stringify(body) };
};

describe('commerce-conformance --depth deep: walks at generated page lengths', () => {
  let reference: ReferenceServer;
  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, demoProducts: 60 });
  });
  afterAll(async () => {
    await reference.close();
  });

  it('finds a walk wrong at some page lengths only, and shrinks it to the smallest', {
    timeout: 120_000,
  }, async () => {
    const proxy = await startProxy(reference.url, nextSkipsFrom20);
    try {
      const dir = tempReportDir();
      const result = await runCli([
        ...['--base-url', proxy.url, '--token', reference.token, '--report-dir', dir],
        ...['--depth', 'deep', '--seed', '3', '--rule', 'PAGE-WALK', '--request-budget', '4000'],
      ]);
      expect(result.code, result.stderr).toBe(1);
      const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
      const checks = report.rules.find((r) => r.id === 'PAGE-WALK')?.checks ?? [];
      // One check walks both listings: at the gate's two lengths, then at generated ones.
      const walks = checks.filter((c) => c.exploration?.name === 'pagination/walks');
      expect(walks.map((c) => c.status)).toEqual(['failed']);
      expect(walks[0]?.message).toMatch(
        /minimal failing input after \d+ shrink step\(s\): GET \/v2\/products walked at page\[limit\]=20;/,
      );
      expect(walks[0]?.message).toContain(
        'replay: commerce-conformance --seed 3 --rule PAGE-WALK --depth deep',
      );
      // The gate's walk of the products at a quarter of the total (16) passes; the second (62) fails.
      expect(walks[0]?.message).toContain('also failing: input GET /v2/products walked at page[limit]=62');
    } finally {
      await proxy.close();
    }
  });
});

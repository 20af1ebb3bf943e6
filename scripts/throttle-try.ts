/**
 * A deep run (or `DEPTH=gate`) of the command line through a proxy that throttles like a busy staging: 15 % of
 * the requests answered by the proxy with 429 or 503 and `Retry-After: RA` (default 1), 5 % of the GETs and
 * DELETEs reset; `SEED` picks which. Prints the exit code, the wall time, what was injected, and every rule
 * that did not pass with why. `npx tsx scripts/throttle-try.ts` (cli/throttling.e2e.test.ts is the test).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import buildDist from '../bin/build.mjs';
import { startReferenceServer } from '../reference/server.ts';
import { spawnCli } from '../test-support/cli/spawn-cli.ts';
import { startLoopbackProxy, throttling } from '../test-support/proxy/loopback-proxy.ts';

buildDist();
const server = await startReferenceServer({ port: 0 });
const injected = { throttled: 0, reset: 0 };
const proxy = await startLoopbackProxy(server.url, {
  decide: throttling(Number(process.env.SEED ?? 42), injected, process.env.RA),
});
const dir = mkdtempSync(join(tmpdir(), 'throttle-'));
const started = Date.now();
const run = await spawnCli(
  [
    '--base-url',
    proxy.url,
    '--token',
    server.token,
    '--report-dir',
    dir,
    '--depth',
    process.env.DEPTH ?? 'deep',
  ],
  dir,
);
console.log(
  'exit',
  run.code,
  'wall',
  (Date.now() - started) / 1000,
  's; throttled',
  injected.throttled,
  'resets',
  injected.reset,
  'requests',
  proxy.log.length,
);
console.log(run.stderr.slice(-1500));
try {
  const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
  const bad = report.rules.filter(
    (r: { status: string }) => r.status !== 'passed' && r.status !== 'observed',
  );
  for (const r of bad)
    console.log(
      r.id,
      r.status,
      (r.checks ?? []).map((c: { message?: string }) => c.message?.slice(0, 200)).join(' | '),
    );
} catch (e) {
  console.log('no report', String(e));
}
await proxy.close();
await server.close();

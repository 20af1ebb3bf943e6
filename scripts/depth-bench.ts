/**
 * `npm run bench:depth`: the whole suite through the command line against the reference server behind a
 * counting loopback proxy, gate and deep (default budget of 2,000): every request the target received, the
 * deep exploration's own spend (from the report) and the wall time. The targets (gate at most 300 requests,
 * deep within its budget and under 60 s) are printed, not asserted: timings depend on the machine. They are
 * measured as the embedded reference runs (one worker thread); a gate run with 6 workers is printed too: its
 * count varies, as other files change the listings while the pagination checks read them.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startLoopbackProxy } from '../helpers/proxy/loopback-proxy.ts';
import { startReferenceServer } from '../reference/server.ts';
import { spawnCli } from './spawn-cli.ts';

/** What one profile's run gave. */
export interface DepthFigures {
  readonly label: string;
  readonly requests: number;
  readonly exploration?: { budget: number; requests: number };
  readonly wallMs: number;
  readonly exitCode: number;
}

/** Runs the whole suite once with `args` (e.g. `--depth deep`) and counts what reached the target. */
export async function depthRun(label: string, args: readonly string[], workers = 1): Promise<DepthFigures> {
  const server = await startReferenceServer({ port: 0 });
  const proxy = await startLoopbackProxy(server.url, { delayMs: 0 });
  const dir = mkdtempSync(join(tmpdir(), 'conformance-depth-'));
  try {
    const cli = [
      '--base-url',
      proxy.url,
      '--token',
      server.token,
      '--report-dir',
      dir,
      '--workers',
      String(workers),
    ];
    const run = await spawnCli([...cli, ...args], dir);
    if (run.code !== 0) process.stderr.write(`${label}: exit code ${run.code}\n${run.stderr}\n`);
    const report = JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as DepthFigures;
    return {
      label,
      requests: proxy.log.length,
      ...(report.exploration ? { exploration: report.exploration } : {}),
      wallMs: run.wallMs,
      exitCode: run.code,
    };
  } finally {
    await proxy.close();
    await server.close();
  }
}

async function main(): Promise<void> {
  const gate = await depthRun('gate', ['--seed', '1']);
  const deep = await depthRun('deep, budget 2000', ['--depth', 'deep', '--seed', '1']);
  const gateSix = await depthRun('gate, 6 workers', ['--seed', '1'], 6);
  const mark = (ok: boolean) => (ok ? 'met' : 'NOT MET');
  for (const r of [gate, deep, gateSix]) {
    const spent = r.exploration ? `, exploration ${r.exploration.requests} of ${r.exploration.budget}` : '';
    console.log(
      `${r.label.padEnd(20)} ${String(r.requests).padStart(5)} requests${spent}  ${r.wallMs} ms  exit ${r.exitCode}`,
    );
  }
  console.log(
    `\ngate requests ${gate.requests} (one worker, as the embedded reference runs)   target ≤ 300: ${mark(gate.requests <= 300)}`,
  );
  console.log(
    `gate requests with 6 workers: ${gateSix.requests} (information: boundary pages asked again when a listing moved)`,
  );
  const within = (deep.exploration?.requests ?? Number.POSITIVE_INFINITY) <= 2000;
  console.log(
    `deep exploration within its budget: ${mark(within)}; deep wall ${deep.wallMs} ms   target < 60000: ${mark(deep.wallMs < 60_000)}`,
  );
  process.exitCode = [gate, deep, gateSix].every((r) => r.exitCode === 0) ? 0 : 1;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();

/**
 * The figures of the `traffic` and `proxy` commands (`npx tsx scripts/traffic-bench.ts`; also printed by
 * `npm run bench`): {@link benchHar} and {@link benchProxy}. Prints them and the targets; enforces nothing.
 */
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip } from 'node:zlib';
import type { HarEntry } from '../cli/traffic/har.ts';
import { startReferenceServer } from '../reference/server.ts';
import { finished, spawnCli, startCliProcess } from '../test-support/cli/spawn-cli.ts';
import { recordExchanges } from '../test-support/traffic/record-har.ts';
import { startProxy } from '../test-support/traffic/start-proxy.ts';
import { mark, median } from './cost-ratio.ts';

/** The targets of the issue. */
const TRAFFIC_TARGETS = { harMegabytes: 200, maxHarSeconds: 30, maxProxyAddedMs: 1 } as const;

/** Demo products of the reference server the HAR is recorded from (listings of 100 are ~75 KB each). */
const DEMO_PRODUCTS = 1000;
const PROXY_REQUESTS = 500;
const PROXY_WARM_UP = 50;

/** Real exchanges with a reference server holding {@link DEMO_PRODUCTS} demo products. */
async function recordedEntries(): Promise<HarEntry[]> {
  const server = await startReferenceServer({
    port: 0,
    token: 'bench-token-1234',
    demoProducts: DEMO_PRODUCTS,
  });
  try {
    const headers = { authorization: `Bearer ${server.token}`, accept: 'application/json' };
    const listings = await recordExchanges(server.url, [
      ...[0, 100, 300, 500, 900].map((offset) => ({
        path: `/v2/products?page[limit]=100&page[offset]=${offset}`,
        headers,
      })),
      { path: '/v2/categories', headers },
    ]);
    const first = (
      JSON.parse(listings.at(-1)?.response?.content?.text ?? '{}') as { data?: { id: string }[] }
    ).data?.[0]?.id;
    return [
      ...listings,
      ...(await recordExchanges(server.url, [
        ...(first ? [{ path: `/v2/categories/${first}?include=products`, headers }] : []),
        { path: '/v2/integrations/00000000-0000-4000-8000-000000000000', headers },
        { path: '/v2/products?page[limit]=10', headers: { accept: 'application/json' } },
      ])),
    ];
  } finally {
    await server.close();
  }
}

/**
 * Writes a HAR file of about `megabytes` MB into `file`, as a stream: the recorded exchanges repeated, each
 * copy with its own `startedDateTime`. Returns the number of entries.
 */
async function writeHar(file: string, recorded: readonly HarEntry[], megabytes: number): Promise<number> {
  // Each entry is serialised once; a copy changes only its `startedDateTime` (the first field).
  const tails = recorded.map(({ startedDateTime: _, ...rest }) => JSON.stringify(rest).slice(1));
  const out = createWriteStream(file);
  const write = (text: string) =>
    out.write(text) ? Promise.resolve() : new Promise<void>((resolve) => out.once('drain', resolve));
  const limit = megabytes * 1024 * 1024;
  let size = 0;
  let entries = 0;
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  await write(
    '{"log":{"version":"1.2","creator":{"name":"traffic-bench","version":"1.0"},"pages":[],"entries":[\n',
  );
  while (size < limit) {
    const tail = tails[entries % tails.length] as string;
    const text = `${entries === 0 ? '' : ',\n'}{"startedDateTime":"${new Date(start + entries * 10).toISOString()}",${tail}`;
    await write(text);
    size += Buffer.byteLength(text);
    entries += 1;
  }
  await write('\n]}}\n');
  await new Promise<void>((resolve, reject) => {
    out.on('error', reject);
    out.end(resolve);
  });
  return entries;
}

/**
 * Runs `commerce-conformance traffic FILE --report-dir DIR`: the file's size, wall time and peak memory (its
 * `VmHWM`, the kernel's high-water mark of its resident memory, polled).
 */
async function timeTraffic(file: string, reportDir: string, cwd: string) {
  const child = startCliProcess(['traffic', file, '--report-dir', reportDir], cwd);
  let peakKb = 0;
  const timer = setInterval(() => {
    try {
      const kb = Number(/VmHWM:\s+(\d+)/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1] ?? 0);
      peakKb = Math.max(peakKb, kb);
    } catch {
      // The process has ended.
    }
  }, 20);
  child.on('exit', () => clearInterval(timer));
  const run = await finished(child);
  return {
    megabytes: Math.round(statSync(file).size / (1024 * 1024)),
    seconds: Math.round((run.wallMs / 1000) * 10) / 10,
    peakRssMb: Math.round(peakKb / 1024),
    exitCode: run.code,
    stdout: run.stdout,
    stderr: run.stderr,
  };
}

/**
 * Records real exchanges of the reference server into a HAR file of about 200 MB (in a temporary directory)
 * and times `traffic` on it as a child process, then on the same file gzipped.
 */
export async function benchHar(megabytes: number = TRAFFIC_TARGETS.harMegabytes) {
  const dir = mkdtempSync(join(tmpdir(), 'conformance-traffic-bench-'));
  try {
    const file = join(dir, 'recording.har');
    const entries = await writeHar(file, await recordedEntries(), megabytes);
    // The command line compiles its bundle on its first run: not part of the figure.
    await spawnCli(['--help'], dir);
    const { stdout, stderr, ...run } = await timeTraffic(file, join(dir, 'reports'), dir);
    // Every entry is an exchange of the API and judged: anything else means the recording is off.
    if (run.exitCode !== 0 || !stdout.includes(`Judged ${entries} of ${entries} exchanges`)) {
      process.stderr.write(`traffic: exit code ${run.exitCode}\n${stdout}\n${stderr}\n`);
    }
    const gz = `${file}.gz`;
    await pipeline(createReadStream(file), createGzip({ level: 1 }), createWriteStream(gz));
    const { stdout: _, stderr: gzStderr, ...gzipped } = await timeTraffic(gz, join(dir, 'reports-gz'), dir);
    if (gzipped.exitCode !== 0)
      process.stderr.write(`traffic (.har.gz): exit code ${gzipped.exitCode}\n${gzStderr}\n`);
    return { ...run, entries, gzipped };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * `count` sequential GETs of each URL after a warm-up, alternating between them so that both see the same
 * state of the process (JIT, garbage collection, load of the machine); each over its own keep-alive agent,
 * the whole answer read. Returns the latencies in ms, by URL.
 */
async function latencies(urls: readonly string[], headers: Record<string, string>, count: number) {
  const agents = urls.map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    const out = urls.map((): number[] => []);
    for (let i = 0; i < PROXY_WARM_UP + count; i++) {
      for (const [n, url] of urls.entries()) {
        const started = performance.now();
        const status = await new Promise<number>((resolve, reject) => {
          const req = request(url, { headers, agent: agents[n] }, (res) => {
            res.resume();
            res.on('error', reject);
            res.on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject);
          req.end();
        });
        if (status !== 200) throw new Error(`${url}: status ${status}`);
        if (i >= PROXY_WARM_UP) out[n]?.push(performance.now() - started);
      }
    }
    return out;
  } finally {
    for (const agent of agents) agent.destroy();
  }
}

/**
 * Median latency of sequential GETs to the reference server, direct and through `runProxy` (in this process,
 * on loopback, with a keep-alive agent each), alternating, after a warm-up.
 */
export async function benchProxy(count: number = PROXY_REQUESTS) {
  const server = await startReferenceServer({ port: 0, token: 'bench-token-1234', demoProducts: 100 });
  try {
    const proxy = await startProxy(server.url);
    const path = '/v2/products?page[limit]=10';
    const headers = { authorization: `Bearer ${server.token}`, accept: 'application/json' };
    const [direct = [], proxied = []] = await latencies(
      [`${server.url}${path}`, `${proxy.url}${path}`],
      headers,
      count,
    );
    await proxy.stop();
    const failures = proxy.lines.filter((line) => line.startsWith('FAIL'));
    if (failures.length > 0)
      process.stderr.write(`proxy: ${failures.length} failures, e.g. ${failures[0]}\n`);
    const [d, p] = [median(direct), median(proxied)];
    return { medianDirectMs: round3(d), medianProxiedMs: round3(p), addedMs: round3(p - d) };
  } finally {
    await server.close();
  }
}

const round3 = (n: number) => Math.round(n * 1000) / 1000;

/** The lines `npm run bench` prints for {@link benchHar}. */
export function describeHar(r: Awaited<ReturnType<typeof benchHar>>): string {
  const z = r.gzipped;
  return [
    `traffic: ${r.megabytes} MB HAR (${r.entries} entries) judged in ${r.seconds} s (target < ${TRAFFIC_TARGETS.maxHarSeconds} s: ${mark(r.seconds < TRAFFIC_TARGETS.maxHarSeconds)}), peak RSS ${r.peakRssMb} MB, exit code ${r.exitCode}`,
    `traffic: the same gzipped (${z.megabytes} MB .har.gz) judged in ${z.seconds} s (target < ${TRAFFIC_TARGETS.maxHarSeconds} s: ${mark(z.seconds < TRAFFIC_TARGETS.maxHarSeconds)}), peak RSS ${z.peakRssMb} MB, exit code ${z.exitCode}`,
  ].join('\n');
}

/** The line `npm run bench` prints for {@link benchProxy}. */
export function describeProxy(r: Awaited<ReturnType<typeof benchProxy>>): string {
  return `proxy: median added latency ${r.addedMs} ms on loopback (direct ${r.medianDirectMs} ms, proxied ${r.medianProxiedMs} ms; target < ${TRAFFIC_TARGETS.maxProxyAddedMs} ms: ${mark(r.addedMs < TRAFFIC_TARGETS.maxProxyAddedMs)})`;
}

async function main(): Promise<void> {
  console.log(describeHar(await benchHar()));
  console.log(describeProxy(await benchProxy()));
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();

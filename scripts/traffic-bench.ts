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

/**
 * Real exchanges with a reference server holding 1,000 demo products (listings of 100 are ~75 KB each): pages
 * of products, the categories, a category with its products, a refusal and a read without a token.
 */
async function recordedEntries(): Promise<HarEntry[]> {
  const server = await startReferenceServer({ port: 0, token: 'bench-token-1234', demoProducts: 1000 });
  try {
    const headers = { authorization: `Bearer ${server.token}`, accept: 'application/json' };
    const pages = [0, 100, 300, 500, 900].map(
      (offset) => `/v2/products?page[limit]=100&page[offset]=${offset}`,
    );
    const listings = await recordExchanges(server.url, [
      ...[...pages, '/v2/categories'].map((path) => ({ path, headers })),
    ]);
    const categories = JSON.parse(listings.at(-1)?.response?.content?.text ?? '{}') as {
      data?: { id: string }[];
    };
    const first = categories.data?.[0]?.id;
    const others = await recordExchanges(server.url, [
      ...(first ? [{ path: `/v2/categories/${first}?include=products`, headers }] : []),
      { path: '/v2/integrations/00000000-0000-4000-8000-000000000000', headers },
      { path: '/v2/products?page[limit]=10', headers: { accept: 'application/json' } },
    ]);
    return [...listings, ...others];
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
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  let [size, entries] = [0, 0];
  await write(
    '{"log":{"version":"1.2","creator":{"name":"traffic-bench","version":"1.0"},"pages":[],"entries":[\n',
  );
  for (; size < megabytes * 1024 * 1024; entries += 1) {
    const when = new Date(start + entries * 10).toISOString();
    const text = `${entries === 0 ? '' : ',\n'}{"startedDateTime":"${when}",${tails[entries % tails.length]}`;
    await write(text);
    size += Buffer.byteLength(text);
  }
  await write('\n]}}\n');
  await new Promise<void>((resolve, reject) => out.on('error', reject).end(resolve));
  return entries;
}

/**
 * Runs `commerce-conformance traffic FILE --report-dir DIR`: the file's size, wall time and peak memory (its
 * `VmHWM`, the kernel's high-water mark of its resident memory, polled). Prints why when it did not judge
 * `entries` entries of the API with exit code 0 (anything else means the recording is off).
 */
async function timeTraffic(file: string, dir: string, entries?: number) {
  const child = startCliProcess(['traffic', file, '--report-dir', `${file}-reports`], dir);
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
  if (
    run.code !== 0 ||
    (entries !== undefined && !run.stdout.includes(`Judged ${entries} of ${entries} exchanges`))
  )
    process.stderr.write(`traffic ${file}: exit code ${run.code}\n${run.stdout}\n${run.stderr}\n`);
  return {
    megabytes: Math.round(statSync(file).size / (1024 * 1024)),
    seconds: Math.round((run.wallMs / 1000) * 10) / 10,
    peakRssMb: Math.round(peakKb / 1024),
    exitCode: run.code,
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
    const run = await timeTraffic(file, dir, entries);
    await pipeline(createReadStream(file), createGzip({ level: 1 }), createWriteStream(`${file}.gz`));
    return { ...run, entries, gzipped: await timeTraffic(`${file}.gz`, dir) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Median latency of sequential GETs to the reference server, direct and through `runProxy` (in this process,
 * on loopback), alternating between them after a warm-up of 50 so that both see the same state of the process
 * (JIT, garbage collection, load of the machine); each over its own keep-alive agent, the whole answer read.
 */
export async function benchProxy(count = 500) {
  const server = await startReferenceServer({ port: 0, token: 'bench-token-1234', demoProducts: 100 });
  const agents = [0, 1].map(() => new Agent({ keepAlive: true, maxSockets: 1 }));
  try {
    const proxy = await startProxy(server.url);
    const path = '/v2/products?page[limit]=10';
    const headers = { authorization: `Bearer ${server.token}`, accept: 'application/json' };
    const urls = [`${server.url}${path}`, `${proxy.url}${path}`];
    const times = urls.map((): number[] => []);
    for (let i = 0; i < 50 + count; i++) {
      for (const [n, url] of urls.entries()) {
        const started = performance.now();
        const status = await new Promise<number>((resolve, reject) => {
          const req = request(url, { headers, agent: agents[n] }, (res) => {
            res
              .resume()
              .on('error', reject)
              .on('end', () => resolve(res.statusCode ?? 0));
          });
          req.on('error', reject).end();
        });
        if (status !== 200) throw new Error(`${url}: status ${status}`);
        if (i >= 50) times[n]?.push(performance.now() - started);
      }
    }
    await proxy.stop();
    const failures = proxy.lines.filter((line) => line.startsWith('FAIL'));
    if (failures.length > 0)
      process.stderr.write(`proxy: ${failures.length} failures, e.g. ${failures[0]}\n`);
    const [d = 0, p = 0] = times.map(median);
    const round3 = (n: number) => Math.round(n * 1000) / 1000;
    return { medianDirectMs: round3(d), medianProxiedMs: round3(p), addedMs: round3(p - d) };
  } finally {
    for (const agent of agents) agent.destroy();
    await server.close();
  }
}

/** The lines `npm run bench` prints for {@link benchHar}. */
export function describeHar(r: Awaited<ReturnType<typeof benchHar>>): string {
  const { maxHarSeconds } = TRAFFIC_TARGETS;
  const line = (what: string, t: Awaited<ReturnType<typeof timeTraffic>>) =>
    `traffic: ${what} judged in ${t.seconds} s (target < ${maxHarSeconds} s: ${mark(t.seconds < maxHarSeconds)}), peak RSS ${t.peakRssMb} MB, exit code ${t.exitCode}`;
  return [
    line(`${r.megabytes} MB HAR (${r.entries} entries)`, r),
    line(`the same gzipped (${r.gzipped.megabytes} MB .har.gz)`, r.gzipped),
  ].join('\n');
}

/** The line `npm run bench` prints for {@link benchProxy}. */
export function describeProxy(r: Awaited<ReturnType<typeof benchProxy>>): string {
  return `proxy: median added latency ${r.addedMs} ms on loopback (direct ${r.medianDirectMs} ms, proxied ${r.medianProxiedMs} ms; target < ${TRAFFIC_TARGETS.maxProxyAddedMs} ms: ${mark(r.addedMs < TRAFFIC_TARGETS.maxProxyAddedMs)})`;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  console.log(describeHar(await benchHar()));
  console.log(describeProxy(await benchProxy()));
}

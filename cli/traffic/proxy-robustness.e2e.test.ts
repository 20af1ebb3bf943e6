import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { startCliProcess } from '../../test-support/cli/spawn-cli.ts';
import { startProxy } from '../../test-support/traffic/start-proxy.ts';

/**
 * The proxy in front of targets and clients that misbehave: bytes pass through unchanged (compressed, chunked),
 * an answer above the body limit passes through and is not judged, a reset and an aborted request are passed on
 * and not judged, a target that does not answer gets the client a 502; each with its reason in the report.
 * And the command line's proxy: `listening`, then reports and the exit code on SIGTERM.
 */
const BODY = JSON.stringify({ data: [{ id: 'a', type: 'product' }], note: 'x'.repeat(2000) });

let servers: Server[] = [];
afterEach(async () => {
  for (const s of servers) {
    s.closeAllConnections();
    await new Promise((resolve) => s.close(resolve));
  }
  servers = [];
});

/** A target whose routes misbehave on purpose. */
async function target(): Promise<string> {
  const server = createServer((req, res) => {
    if (req.url?.startsWith('/v2/gzip')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'gzip' });
      res.end(gzipSync(BODY));
    } else if (req.url?.startsWith('/v2/chunked')) {
      res.writeHead(200, { 'content-type': 'application/json', 'x-odd-header': 'kept' });
      res.write(BODY.slice(0, 100));
      setTimeout(() => res.end(BODY.slice(100)), 20);
    } else if (req.url?.startsWith('/v2/reset')) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
      setTimeout(() => res.socket?.destroy(), 20);
    } else if (req.url?.startsWith('/v2/slow')) {
      setTimeout(() => res.end(BODY), 500);
    } else {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"errors":[]}');
    }
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

/** GETs a URL with node:http: the raw bytes and headers as they came (no decompression). */
function raw(
  url: string,
  abortAfterMs?: number,
): Promise<{ status: number; headers: Record<string, unknown>; bytes: Buffer } | string> {
  return new Promise((resolve) => {
    const req = request(url, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, bytes: Buffer.concat(chunks) }),
      );
      res.on('error', (e) => resolve(String(e)));
      res.on('aborted', () => resolve('aborted'));
    });
    req.on('error', (e: NodeJS.ErrnoException) => resolve(e.code ?? String(e)));
    req.end();
    if (abortAfterMs !== undefined) setTimeout(() => req.destroy(), abortAfterMs);
  });
}

describe('proxy robustness', () => {
  it('passes bytes through unchanged, judges what it can decode, and says why it did not judge the rest', async () => {
    const upstream = await target();
    const p = await startProxy(upstream, { maxBody: 1000 });
    for (const path of ['/v2/gzip', '/v2/chunked']) {
      const direct = await raw(`${upstream}${path}`);
      const through = await raw(`${p.url}${path}`);
      if (typeof direct === 'string' || typeof through === 'string')
        throw new Error(`${path}: ${direct} ${through}`);
      expect(through.bytes.equals(direct.bytes), path).toBe(true);
      expect(through.headers['content-encoding']).toBe(direct.headers['content-encoding']);
      expect(through.headers['x-odd-header']).toBe(direct.headers['x-odd-header']);
    }
    expect(await raw(`${p.url}/v2/reset`)).toMatch(/aborted|ECONNRESET|socket hang up/);
    expect(await raw(`${p.url}/v2/slow`, 100)).toMatch(/ECONNRESET|socket hang up|aborted/);
    const outcome = await p.stop();
    const notJudged = Object.fromEntries(
      (outcome.report?.traffic?.notJudged ?? []).map((n) => [n.reason, n.count]),
    );
    // The chunked answer is larger than 1,000 bytes (the gzipped one is not, as sent): passed, not judged.
    expect(notJudged).toEqual({
      "a body larger than the proxy's limit (1000 bytes)": 1,
      'the exchange was cut short (client aborted or target reset)': 1,
      'the client went away before the answer': 1,
    });
    expect(outcome.report?.traffic).toMatchObject({ exchanges: 4, judged: 1 });
  });

  it('judges a compressed answer once decoded, and answers 502 (and gives no verdict) when the target does not answer', async () => {
    const upstream = await target();
    const p = await startProxy(upstream);
    const through = await raw(`${p.url}/v2/gzip`);
    expect(typeof through === 'string' ? through : through.status).toBe(200);
    const down = await startProxy('http://127.0.0.1:9');
    const refused = await raw(`${down.url}/v2/products`);
    expect(typeof refused === 'string' ? refused : refused.status).toBe(502);
    const outcome = await p.stop();
    expect(outcome.report?.rules.find((r) => r.id === 'HTTP-JSON')?.status).toBe('passed');
    // A proxy that judged nothing gives no verdict, with the reason.
    const refusedOutcome = await down.stop();
    expect(refusedOutcome.exitCode).toBe(2);
    expect(refusedOutcome.report).toBeUndefined();
    expect(refusedOutcome.message).toMatch(
      /^No verdict: none of the 1 exchange\(s\) .* could be judged \(1 no answer from the target \(ECONNREFUSED\)\)/,
    );
    const idle = await startProxy(upstream);
    const none = await idle.stop();
    expect(none.exitCode).toBe(2);
    expect(none.message).toMatch(
      /No exchange of the API under http:\/\/127\.0\.0\.1:\d+\/v2 went through the proxy/,
    );
  });

  it('from the command line: prints where it listens, writes the reports every S seconds and on SIGTERM, and exits', async () => {
    const upstream = await target();
    const dir = mkdtempSync(join(tmpdir(), 'proxy-cli-'));
    const child = startCliProcess(
      ['proxy', '--target', upstream, '--report-dir', join(dir, 'reports'), '--report-every', '0.2'],
      dir,
    );
    let out = '';
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout?.on('data', (chunk: Buffer) => {
        out += chunk.toString();
        const found = /listening (http:\/\/\S+)/.exec(out)?.[1];
        if (found) resolve(found);
      });
      child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
    });
    expect(await raw(`${url}/v2/chunked`)).toMatchObject({ status: 200 });
    // --report-every: the reports are written while it serves.
    await expect
      .poll(() => existsSync(join(dir, 'reports', 'conformance.json')), { timeout: 5000 })
      .toBe(true);
    const code = new Promise<number | null>((resolve) => child.on('exit', resolve));
    child.kill('SIGTERM');
    expect(await code).toBe(0);
    expect(readdirSync(join(dir, 'reports'))).toContain('conformance.json');
    const report = JSON.parse(readFileSync(join(dir, 'reports', 'conformance.json'), 'utf8'));
    expect(report.traffic).toMatchObject({ exchanges: 1, judged: 1 });
  }, 60_000);
});

import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../helpers/http/client.ts';
import { LEDGER_FILE } from '../helpers/provisioning/ledger.ts';
import {
  type ReferenceServer,
  type ReferenceServerOptions,
  startReferenceServer,
} from '../reference/server.ts';
import { runCli, startCli, tempReportDir } from '../test-support/cli/spawn.ts';
import {
  type LoopbackProxy,
  type ProxyAction,
  startLoopbackProxy,
} from '../test-support/proxy/loopback-proxy.ts';

/**
 * The command line against a target that misbehaves at the network level (a fault-injecting loopback proxy
 * in front of a reference server), and what the run leaves behind: verdicts, exit codes, the records on the
 * target, the ledger, and secrets in the output. Every run is a child process; two suite files at a time
 * (`--workers 2`) keep the CPU of the test machine for the rest of `npm test`.
 */

const TIMEOUT = 180_000;
const started: { close(): Promise<void> }[] = [];

afterAll(async () => {
  for (const thing of started.reverse()) await thing.close();
});

async function target(
  options: ReferenceServerOptions = {},
  decide?: (r: { method: string; path: string; index: number }) => ProxyAction,
  delayMs = 0,
) {
  const server = await startReferenceServer({ port: 0, ...options });
  started.push(server);
  const proxy = await startLoopbackProxy(server.url, {
    delayMs,
    ...(decide ? { decide } : {}),
    // The reference server lists no integrations: their ids are learnt from the answers to their creation.
    keepBodies: ({ method, path }) => method === 'POST' && path === '/v2/integrations',
  });
  started.push(proxy);
  return { server, proxy };
}

const args = (proxy: LoopbackProxy, server: ReferenceServer, dir: string) => [
  '--base-url',
  proxy.url,
  '--token',
  server.token,
  '--report-dir',
  dir,
  '--workers',
  '2',
];

interface Report {
  rules: { id: string; status: string; checks: { name: string; status: string; message?: string }[] }[];
  verdict: { exitCode: number; outcome: string; incomplete: string[] };
  skippedProbes?: { file: string; name: string; reason: string }[];
  stopped?: { kind: string; reason: string };
}
const readReport = (dir: string): Report => JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8'));
const statuses = (report: Report) => Object.fromEntries(report.rules.map((r) => [r.id, r.status]));

/** What a clean run gives every rule: passed, or observed for the INFO rules. */
function cleanStatuses(report: Report): Record<string, string> {
  return Object.fromEntries(report.rules.map((r) => [r.id, r.status === 'observed' ? 'observed' : 'passed']));
}

/**
 * The suite's records still on the target (the server started empty; orders cannot be deleted and stay):
 * products and categories as listed, integrations as created through the proxy and still readable.
 */
async function leftOn(server: ReferenceServer, proxy: LoopbackProxy): Promise<Record<string, number>> {
  const api = new ApiClient({ baseUrl: server.url, token: server.token, timeoutMs: 5000 });
  const out: Record<string, number> = {};
  for (const kind of ['products', 'categories']) {
    const res = await api.get(`/v2/${kind}?page[limit]=100`);
    out[kind] = Array.isArray(res.data) ? res.data.length : -1;
  }
  const created = proxy.log
    .filter((e) => e.method === 'POST' && e.path === '/v2/integrations' && e.outcome === 201 && e.body)
    .map((e) => (JSON.parse(e.body as string) as { data: { id: string } }).data.id);
  let integrations = 0;
  for (const id of created) if ((await api.get(`/v2/integrations/${id}`)).status !== 404) integrations += 1;
  out.integrations = integrations;
  return out;
}
const NOTHING = { products: 0, categories: 0, integrations: 0 };

const ledgerRecords = (dir: string): unknown[] =>
  existsSync(join(dir, LEDGER_FILE)) ? JSON.parse(readFileSync(join(dir, LEDGER_FILE), 'utf8')).records : [];

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

describe.concurrent('a run against an unreliable target', () => {
  it('gives the verdicts of a clean run when resets, 503 and 429 with Retry-After, and latency go away on retry', {
    timeout: TIMEOUT,
  }, async () => {
    let injected = 0;
    const faulted = new Set<string>();
    const inject = (action: ProxyAction): ProxyAction => {
      injected += 1;
      return action;
    };
    const { server, proxy } = await target(
      {},
      ({ method, path, index }) => {
        // Each request is faulted at most once, so that its retry succeeds (bounded retries of a request
        // faulted every time are the next test's subject). Resets only of requests that are safe to send
        // again: a POST reset is rightly not retried.
        const key = `${method} ${path}`;
        if (faulted.has(key)) return 'forward';
        faulted.add(key);
        const idempotent = method === 'GET' || method === 'DELETE';
        if (index % 9 === 4 && idempotent) return inject('reset');
        if (index % 11 === 5) return inject({ status: 503, headers: { 'retry-after': '0' }, body: '{}' });
        const wait = index % 2 ? '1' : '0';
        if (index % 13 === 6) return inject({ status: 429, headers: { 'retry-after': wait }, body: '{}' });
        return 'forward';
      },
      5,
    );
    const dir = tempReportDir();
    const result = await runCli(args(proxy, server, dir));
    expect(injected).toBeGreaterThan(20);
    const report = readReport(dir);
    const differing = report.rules
      .filter((r) => r.status !== cleanStatuses(report)[r.id])
      .map((r) => `${r.id} ${r.status}: ${r.checks.map((c) => c.message).join(' | ')}`);
    expect(differing).toEqual([]);
    expect(statuses(report)).toEqual(cleanStatuses(report));
    expect(result.code, result.stderr).toBe(0);
    // A run that passed leaves nothing behind.
    expect(await leftOn(server, proxy)).toEqual(NOTHING);
    expect(ledgerRecords(dir)).toEqual([]);
  });

  it('reports checks whose requests keep failing as not evaluated, never failed, and the run incomplete', {
    timeout: TIMEOUT,
  }, async () => {
    const { server, proxy } = await target({}, ({ method, path }) =>
      method === 'GET' && /^\/v2\/integrations\/[^/?]+/.test(path) ? 'reset' : 'forward',
    );
    const dir = tempReportDir();
    const result = await runCli(args(proxy, server, dir));
    const report = readReport(dir);
    // The probes whose reads got no answer are not evaluated, and say why; the rules only they feed judged
    // nothing (untested), those whose checks met the reset are not evaluated (error).
    const reset = /^not evaluated: GET .*\/v2\/integrations\/.*connection reset \(after 4 attempts\)/;
    expect(report.skippedProbes?.some((p) => reset.test(p.reason))).toBe(true);
    const hit = report.rules.filter((r) => r.status === 'error' || r.status === 'untested');
    expect(hit.map((r) => r.id)).toContain('INT-GET');
    for (const rule of hit) {
      for (const check of rule.checks.filter((c) => c.status === 'error'))
        expect(check.message).toMatch(reset);
    }
    expect(report.rules.filter((r) => r.status === 'failed')).toEqual([]);
    // Not evaluated is not green: the MUST rules it hit leave the run incomplete (exit code 2), listed.
    expect(report.verdict.incomplete).toContain('INT-GET');
    expect(result.code, result.stderr).toBe(2);
    expect(result.stdout).toMatch(
      /Exit code 2: the run is incomplete\. MUST rule\(s\) not evaluated .*INT-GET/,
    );
    expect(await leftOn(server, proxy)).toEqual(NOTHING);
  });

  it('stops with exit code 2 and the reason when the target stops answering mid-run, without hanging', {
    timeout: TIMEOUT,
  }, async () => {
    let proxy: LoopbackProxy | undefined;
    // Killed at the first write once two records the run deletes (products, categories, integrations) were
    // created: the run then cannot delete them.
    const created = (e: { method: string; path: string; outcome: unknown }) =>
      e.method === 'POST' && /^\/v2\/(products|categories|integrations)$/.test(e.path) && e.outcome === 201;
    const t = await target({}, ({ method }) => {
      if (method === 'POST' && (proxy?.log.filter(created).length ?? 0) >= 2) proxy?.kill();
      return 'forward';
    });
    proxy = t.proxy;
    const dir = tempReportDir();
    const result = await runCli(args(t.proxy, t.server, dir));
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /The target stopped answering \(\d+ checks in a row got no answer .*connection refused.*\); the run was stopped: the reports hold what the run judged before\./,
    );
    // What could not be deleted stays in the ledger, for `cleanup` once the target is back.
    expect(result.stderr).toMatch(/could not be deleted .* "commerce-conformance cleanup"/);
    expect(ledgerRecords(dir).length).toBeGreaterThan(0);
    // The report holds what the run judged before the stop, marked stopped: exit code 2 whatever passed.
    const report = readReport(dir);
    expect(report.stopped?.kind).toBe('breaker');
    expect(report.stopped?.reason).toMatch(/^The target stopped answering /);
    expect(report.verdict).toMatchObject({ exitCode: 2, outcome: 'incomplete' });
    expect(report.rules.some((r) => r.status === 'passed')).toBe(true);
    expect(result.stdout).toContain('Exit code 2: the run was stopped (The target stopped answering (');
  });

  it('ends at the deadline with exit code 2 and the report of what it judged, its records removed', {
    timeout: TIMEOUT,
  }, async () => {
    // Once a check ended, the target stops answering anything but deletes: the run cannot end before its
    // deadline, and no request times out before it (no circuit breaker); the final cleanup still gets through.
    let frozen = false;
    const { server, proxy } = await target({}, ({ method }) =>
      frozen && method !== 'DELETE' ? 'hang' : 'forward',
    );
    const dir = tempReportDir();
    // A deadline far enough for a first check to end on a loaded machine, then everything but deletes hangs.
    const run = startCli([...args(proxy, server, dir), '--timeout-ms', '40000', '--deadline-ms', '25000']);
    await run.waitForOutput((out) => /^[✓×↓!] /m.test(out));
    frozen = true;
    const result = await run.done;
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /The run passed its deadline of 25000 ms \(CONFORMANCE_DEADLINE_MS\) and was stopped: the reports hold what the run judged before\. \d+ record\(s\) left by the suites removed\./,
    );
    const report = readReport(dir);
    expect(report.stopped?.kind).toBe('deadline');
    expect(report.verdict).toMatchObject({ exitCode: 2, outcome: 'incomplete' });
    expect(report.rules.some((r) => r.status === 'untested')).toBe(true);
    expect(await leftOn(server, proxy)).toEqual(NOTHING);
    expect(ledgerRecords(dir)).toEqual([]);
  });

  it('ends at the deadline with exit code 2 and no report when the target answers nothing at all', {
    timeout: TIMEOUT,
  }, async () => {
    // The preflight is answered; every later request hangs, longer than the deadline: no check ends, so
    // there is nothing to report.
    const { server, proxy } = await target({}, ({ index }) => (index === 0 ? 'forward' : 'hang'));
    const dir = tempReportDir();
    const result = await runCli([
      ...args(proxy, server, dir),
      '--timeout-ms',
      '6000',
      '--deadline-ms',
      '3000',
    ]);
    expect(result.code, result.stderr).toBe(2);
    expect(result.stderr).toMatch(
      /The run passed its deadline of 3000 ms \(CONFORMANCE_DEADLINE_MS\) and was stopped: no report written\./,
    );
    expect(existsSync(join(dir, 'conformance.json'))).toBe(false);
  });

  it('leaves no record behind after a failing run, and no token or client secret in any file or output', {
    timeout: TIMEOUT,
  }, async () => {
    const secrets = {
      clientId: 'cc-client-7Hq2',
      clientSecret: 'Sekr3t-Client-9fZq',
      token: 'T0ken-Distinct-4xWv',
    };
    const { server, proxy } = await target({ ...secrets, faults: ['refund-with-meta'] });
    const dir = tempReportDir();
    const result = await runCli(['--base-url', proxy.url, '--report-dir', dir, '--workers', '2'], {
      CONFORMANCE_CLIENT_ID: secrets.clientId,
      CONFORMANCE_CLIENT_SECRET: secrets.clientSecret,
    });
    expect(result.code, result.stderr).toBe(1);
    expect(await leftOn(server, proxy)).toEqual(NOTHING);
    expect(ledgerRecords(dir)).toEqual([]);
    const texts = [
      result.stdout,
      result.stderr,
      ...readdirSync(dir).map((f) => readFileSync(join(dir, f), 'utf8')),
    ];
    for (const text of texts) {
      expect(text).not.toContain(secrets.token);
      expect(text).not.toContain(secrets.clientSecret);
    }
  });

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`cleans up, then writes the report of what it judged marked stopped, when interrupted (${signal})`, {
      timeout: TIMEOUT,
    }, async () => {
      const { server, proxy } = await target({}, undefined, 20);
      const dir = tempReportDir();
      const run = startCli(args(proxy, server, dir));
      // Some checks finished, and the run holds records on the target.
      await run.waitForOutput(
        (out) => (out.match(/^[✓×↓!] /gm) ?? []).length >= 5 && ledgerRecords(dir).length > 0,
      );
      run.child.kill(signal);
      const result = await run.done;
      expect(result.code, result.stderr).toBe(2);
      expect(result.stderr).toMatch(
        /Interrupted: the reports hold what the run judged before\. \d+ record\(s\) left by the suites removed\./,
      );
      expect(await leftOn(server, proxy)).toEqual(NOTHING);
      expect(ledgerRecords(dir)).toEqual([]);
      // The checks that ended before the signal are in the report; the rules it did not reach are untested.
      const report = readReport(dir);
      expect(report.stopped).toEqual({ kind: 'interrupted', reason: 'Interrupted' });
      expect(report.verdict).toMatchObject({ exitCode: 2, outcome: 'incomplete' });
      expect(report.rules.some((r) => r.status === 'passed')).toBe(true);
      expect(report.rules.some((r) => r.status === 'untested')).toBe(true);
      expect(result.stdout).toContain(
        'Exit code 2: the run was stopped (Interrupted); the report holds what it judged before.',
      );
      for (const file of ['junit.xml', 'conformance.html', 'summary.md']) {
        expect(existsSync(join(dir, file)), file).toBe(true);
      }
      expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain('stopped (interrupted)');
    });
  }

  it('lets `cleanup` delete what a crashed run (SIGKILL) left, from its ledger', {
    timeout: TIMEOUT,
  }, async () => {
    // Frozen: no request reaches the server any more, so that none is created after the kill unrecorded.
    let frozen = false;
    const { server, proxy } = await target({}, () => (frozen ? 'hang' : 'forward'), 20);
    const dir = tempReportDir();
    const run = startCli(args(proxy, server, dir));
    await run.waitForOutput(
      (out) => (out.match(/^[✓×↓!] /gm) ?? []).length >= 3 && ledgerRecords(dir).length > 0,
    );
    frozen = true;
    await new Promise((resolve) => setTimeout(resolve, 500));
    run.child.kill('SIGKILL');
    await run.done;
    const left = ledgerRecords(dir);
    expect(left.length).toBeGreaterThan(0);
    expect(await leftOn(server, proxy)).not.toEqual(NOTHING);
    frozen = false;
    const cleanup = await runCli([
      'cleanup',
      '--base-url',
      proxy.url,
      '--token',
      server.token,
      '--report-dir',
      dir,
    ]);
    expect(cleanup.code, cleanup.stderr).toBe(0);
    expect(cleanup.stdout).toContain(`cleanup: ${left.length} record(s) deleted from ${proxy.url}; 0 left`);
    expect(await leftOn(server, proxy)).toEqual(NOTHING);
    expect(ledgerRecords(dir)).toEqual([]);
  });

  it('sends no write request at all in read-only mode', { timeout: TIMEOUT }, async () => {
    const { server, proxy } = await target({ demoProducts: 12 });
    const api = new ApiClient({ baseUrl: server.url, token: server.token, timeoutMs: 5000 });
    const categories = (await api.get('/v2/categories?page[limit]=1')).data as { id: string }[];
    const dir = tempReportDir();
    const result = await runCli([
      ...args(proxy, server, dir),
      '--read-only',
      '--category-id',
      categories[0]?.id ?? '',
    ]);
    expect(result.code, result.stderr).toBe(0);
    const writes = proxy.log.filter((entry) => WRITES.has(entry.method));
    expect(proxy.log.length).toBeGreaterThan(5);
    expect(writes).toEqual([]);
  });
});

/**
 * The command line end to end: `commerce-conformance` spawned as a child process against the embedded
 * reference server, a reference server started here, and loopback proxies that break rules on purpose.
 * Filters keep each run to a few seconds.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../reference/server.ts';
import { RULES } from '../rules/catalogue.ts';
import { runCli, tempReportDir } from '../test-support/cli/spawn.ts';
import { type Edit, startProxy } from '../test-support/proxy/editing-proxy.ts';
import type { ConformanceReport } from './report/model.ts';

const TOKEN = 'e2e-Secret-Token-9f3a71';
const TIMEOUT = 90_000;

function readJson(dir: string): ConformanceReport {
  return JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
}

function statuses(report: ConformanceReport): Record<string, string> {
  return Object.fromEntries(report.rules.map((r) => [r.id, r.status]));
}

function json(body: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(body) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

/** Breaks INT-SELF-LINK (no links.self), answers 503 instead of 404 to reads of integrations, echoes the token. */
const breakIntegrations: Edit = (request, response) => {
  if (request.method !== 'GET' || !request.path.startsWith('/v2/integrations/')) return response;
  if (response.status === 404) return { ...response, status: 503, body: '{"errors":[{"status":503}]}' };
  const body = json(response.body);
  const data = body?.data as { links?: Record<string, unknown> } | undefined;
  if (data?.links) delete data.links.self;
  return {
    status: response.status,
    headers: { ...response.headers, 'x-echo-token': TOKEN },
    body: JSON.stringify({ ...body, echo: `Bearer ${TOKEN}` }),
  };
};

/** Answers 200 to a DELETE of an integration that does not exist: breaks INT-NOT-FOUND (SHOULD). */
const acceptUnknownDeletes: Edit = (request, response) =>
  request.method === 'DELETE' && response.status === 404
    ? {
        ...response,
        status: 200,
        body: JSON.stringify({ data: { type: 'integration', id: request.path.split('/').pop() } }),
      }
    : response;

describe.concurrent('commerce-conformance', () => {
  let reference: ReferenceServer;
  beforeAll(async () => {
    reference = await startReferenceServer({ port: 0, token: TOKEN });
  });
  afterAll(async () => {
    await reference?.close();
  });

  it('passes the embedded reference server on an area, and reports every rule of the catalogue', {
    timeout: TIMEOUT,
  }, async () => {
    const dir = tempReportDir();
    const result = await runCli(['--area', 'integrations', '--report-dir', dir]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/^✓ INT-SELF-LINK MUST: /m);
    expect(result.stdout).toMatch(/^integrations\s+8\s+0\s+0\s+0\s+0\s+0$/m);
    expect(result.stdout).toContain('Exit code 0: no MUST rule failed.');
    expect(readdirSync(dir).sort()).toEqual([
      'conformance.html',
      'conformance.json',
      'history.json',
      'junit.xml',
      'summary.md',
    ]);
    const report = readJson(dir);
    expect(report.rules.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    for (const rule of report.rules) {
      expect(rule.status, rule.id).toBe(rule.area === 'integrations' ? 'passed' : 'untested');
    }
    expect(report).toMatchObject({
      embedded: true,
      filter: { rules: [], areas: ['integrations'] },
      errors: [],
    });
  });

  it('stops with exit code 2 and one line when the target does not answer', {
    timeout: TIMEOUT,
  }, async () => {
    const dir = join(tempReportDir(), 'reports');
    const result = await runCli(['--base-url', 'http://127.0.0.1:1', '--token', TOKEN, '--report-dir', dir]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^Cannot reach the target http:\/\/127\.0\.0\.1:1 .*connection refused/);
    expect(result.stderr).not.toContain(TOKEN);
    expect(existsSync(dir)).toBe(false);
  });

  it('stops with exit code 2 when the target refuses the token, without printing it', {
    timeout: TIMEOUT,
  }, async () => {
    const wrong = 'wrong-Token-5e1d';
    const result = await runCli(['--base-url', reference.url, '--report-dir', tempReportDir()], {
      CONFORMANCE_TOKEN: wrong,
    });
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr).toMatch(/^The target rejected the token: GET .* answered 401/);
    expect(result.stderr).not.toContain(wrong);
  });

  it('stops with exit code 2 naming a bad setting, or a rule ID the catalogue does not hold', {
    timeout: TIMEOUT,
  }, async () => {
    const unknown = await runCli(['--rule', 'nope', '--rule', 'INT-GET']);
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr.trim()).toBe('"NOPE" is not a rule ID of the catalogue (rules/catalogue.ts)');
    const result = await runCli(['--timeout-ms', 'abc']);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      '--timeout-ms (CONFORMANCE_TIMEOUT_MS): must be a whole number from 1 to 600000, got "abc"',
    );
  });

  it('exits 1 when the target breaks a MUST rule, with evidence and what sent the exchange, and no token in any report', {
    timeout: TIMEOUT,
  }, async () => {
    const proxy = await startProxy(reference.url, breakIntegrations);
    try {
      const dir = tempReportDir();
      const result = await runCli(
        ['--base-url', proxy.url, '--area', 'integrations', '--rule', 'HTTP-NO-5XX', '--report-dir', dir],
        { CONFORMANCE_TOKEN: TOKEN },
      );
      expect(result.stderr).toBe('');
      expect(result.code).toBe(1);
      expect(result.stdout).toMatch(/^× INT-SELF-LINK MUST: every exchange it applies to/m);
      expect(result.stdout).toMatch(
        /Exit code 1: the target breaks the specification\. MUST failed: .*INT-SELF-LINK/,
      );
      const report = readJson(dir);
      const selfLink = report.rules.find((r) => r.id === 'INT-SELF-LINK');
      expect(selfLink?.status).toBe('failed');
      const check = selfLink?.checks[0];
      expect(check?.message).toMatch(
        /^INT-SELF-LINK MUST §2\.2: expected data\.links\.self to be an absolute URL/,
      );
      // The failure names what sent the exchange it was found on.
      expect(check?.message).toMatch(/\[sent by (a boundary value of|the check) "probe: /);
      expect(check?.request).toMatchObject({
        method: 'GET',
        headers: { Authorization: 'Bearer [redacted]' },
      });
      expect(check?.request?.url).toMatch(new RegExp(`^${proxy.url}/v2/integrations/`));
      expect(check?.response?.status).toBe(200);
      expect(check?.curl).toContain('$CONFORMANCE_TOKEN');
      const no5xx = report.rules.find((r) => r.id === 'HTTP-NO-5XX');
      expect(no5xx?.status).toBe('failed');
      // Every answer of every file is judged by HTTP-NO-5XX, whatever sent it: a tally per suite file.
      const failed = no5xx?.checks.filter((c) => c.status === 'failed') ?? [];
      expect(failed.length).toBeGreaterThan(0);
      for (const c of failed) expect(c.response?.status, c.name).toBe(503);
      expect(no5xx?.inputs).toBeGreaterThan(20);
      for (const file of readdirSync(dir)) {
        expect(readFileSync(join(dir, file), 'utf8'), file).not.toContain(TOKEN);
      }
    } finally {
      await proxy.close();
    }
  });

  it('fails a SHOULD rule with exit code 0, and with exit code 1 under --strict', {
    timeout: TIMEOUT,
  }, async () => {
    const proxy = await startProxy(reference.url, acceptUnknownDeletes);
    try {
      const args = ['--base-url', proxy.url, '--rule', 'INT-NOT-FOUND'];
      const env = { CONFORMANCE_TOKEN: TOKEN };
      const lenientDir = tempReportDir();
      const [lenient, strict] = await Promise.all([
        runCli([...args, '--report-dir', lenientDir], env),
        runCli([...args, '--strict', '--report-dir', tempReportDir()], env),
      ]);
      expect(lenient.stdout).toMatch(/^× INT-NOT-FOUND SHOULD: every exchange it applies to/m);
      expect(
        readJson(lenientDir).rules.find((r) => r.id === 'INT-NOT-FOUND')?.checks[0]?.request?.method,
      ).toBe('DELETE');
      expect(lenient.code).toBe(0);
      expect(lenient.stdout).toContain('SHOULD failed: INT-NOT-FOUND (not fatal without --strict)');
      expect(strict.code).toBe(1);
    } finally {
      await proxy.close();
    }
  });

  it('runs in shards that merge into the same rule statuses as one run', { timeout: TIMEOUT }, async () => {
    // The whole suite: which files a shard gets is vitest's choice, and each file holds rules of its own.
    const [whole, one, two] = [tempReportDir(), tempReportDir(), tempReportDir()];
    const runs = await Promise.all([
      runCli(['--report-dir', whole]),
      runCli(['--shard', '1/2', '--report-dir', one]),
      runCli(['--shard', '2/2', '--report-dir', two]),
    ]);
    expect(runs.map((r) => r.code)).toEqual([0, 0, 0]);
    const merged = tempReportDir();
    const merge = await runCli(['merge', one, two, '--report-dir', merged]);
    expect(merge.stderr).toBe('');
    expect(merge.code).toBe(0);
    const [shard1, shard2] = [readJson(one), readJson(two)];
    // Each shard ran a share: neither saw every selected rule.
    expect(shard1.summary.untested).toBeGreaterThan(readJson(whole).summary.untested);
    expect(shard2.summary.untested).toBeGreaterThan(readJson(whole).summary.untested);
    expect(statuses(readJson(merged))).toEqual(statuses(readJson(whole)));
    expect(readJson(merged).shards).toEqual(['1/2', '2/2']);
    // The merged run is one run of the history, not one per shard.
    const history = JSON.parse(readFileSync(join(merged, 'history.json'), 'utf8'));
    expect(history.records).toHaveLength(1);
    expect(history.records[0].statuses).toEqual(statuses(readJson(merged)));
  });
});

/**
 * Baselines and the verdict end to end: `commerce-conformance` spawned against reference servers with a
 * fault (INT-SELF-LINK broken), clean, and with the no-payment-intents variant (TXN-CONFIRM cannot be
 * evaluated). Filters keep each run to a few seconds.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../reference/server.ts';
import { runCli, tempReportDir } from '../test-support/cli/spawn.ts';
import { startProxy } from '../test-support/proxy/editing-proxy.ts';
import type { ConformanceReport } from './report/model.ts';

const TIMEOUT = 120_000;
/** Two rules of one suite file: INT-SELF-LINK (broken by the fault) and INT-GET. */
const RULES = ['--rule', 'INT-SELF-LINK', '--rule', 'INT-GET'];

function readJson(dir: string): ConformanceReport {
  return JSON.parse(readFileSync(join(dir, 'conformance.json'), 'utf8')) as ConformanceReport;
}

describe.concurrent('baselines and the verdict', () => {
  let faulty: ReferenceServer;
  let clean: ReferenceServer;
  let noIntents: ReferenceServer;
  beforeAll(async () => {
    [faulty, clean, noIntents] = await Promise.all([
      startReferenceServer({ port: 0, faults: ['self-link-relative'] }),
      startReferenceServer({ port: 0 }),
      startReferenceServer({ port: 0, variants: ['no-payment-intents'] }),
    ]);
  });
  afterAll(async () => {
    await Promise.all([faulty?.close(), clean?.close(), noIntents?.close()]);
  });
  const against = (server: ReferenceServer) => ({
    args: ['--base-url', server.url],
    env: { CONFORMANCE_TOKEN: server.token },
  });

  it('fails a new failure, writes it as a baseline, then reports it as known and passes; stale fails under --strict-baseline', {
    timeout: TIMEOUT,
  }, async () => {
    const bad = against(faulty);
    const first = tempReportDir();
    const fresh = await runCli(
      [...bad.args, ...RULES, '--report-dir', first, '--label', 'faulty build'],
      bad.env,
    );
    expect(fresh.code).toBe(1);
    expect(fresh.stdout).toMatch(
      /Exit code 1: the target breaks the specification\. MUST failed: INT-SELF-LINK\./,
    );
    expect(readJson(first).metadata).toMatchObject({
      label: 'faulty build',
      selection: { rules: ['INT-SELF-LINK', 'INT-GET'], areas: [] },
    });

    const file = join(tempReportDir(), 'baseline.json');
    const write = await runCli(['baseline', 'write', '--report-dir', first, '--baseline', file]);
    expect(write.stderr).toBe('');
    expect(write.code).toBe(0);
    expect(write.stdout).toMatch(/^Wrote .*baseline\.json: 1 entry \(1 new\)\./);
    const written = JSON.parse(readFileSync(file, 'utf8')) as { entries: { rule: string; reason: string }[] };
    expect(written.entries).toEqual([
      { rule: 'INT-SELF-LINK', reason: expect.stringMatching(/absolute URL/) },
    ]);

    const good = against(clean);
    const [known, stale, strictStale] = await Promise.all([
      runCli([...bad.args, ...RULES, '--baseline', file, '--report-dir', tempReportDir()], bad.env),
      runCli([...good.args, ...RULES, '--baseline', file, '--report-dir', tempReportDir()], good.env),
      runCli(
        [...good.args, ...RULES, '--baseline', file, '--strict-baseline', '--report-dir', tempReportDir()],
        good.env,
      ),
    ]);
    expect(known.stderr).toBe('');
    expect(known.code).toBe(0);
    expect(known.stdout).toContain('Exit code 0: no MUST rule failed outside the baseline.');
    expect(known.stdout).toMatch(
      /Baseline .*baseline\.json: 1 known failure\(s\) \(INT-SELF-LINK\), 0 new, 0 stale\./,
    );
    expect(stale.code).toBe(0);
    expect(stale.stdout).toMatch(
      /1 stale \(INT-SELF-LINK: now passing, remove the entries; fatal with --strict-baseline\)/,
    );
    expect(strictStale.code).toBe(1);
    expect(strictStale.stdout).toContain(
      'Exit code 1: the baseline is stale. Stale baseline entries (--strict-baseline): INT-SELF-LINK.',
    );
  });

  it('shows known failures in every report', { timeout: TIMEOUT }, async () => {
    const bad = against(faulty);
    const file = join(tempReportDir(), 'baseline.json');
    writeFileSync(
      file,
      JSON.stringify({ entries: [{ rule: 'INT-SELF-LINK', reason: 'JIRA-42', until: '2999-01-01' }] }),
    );
    const dir = tempReportDir();
    const result = await runCli([...bad.args, ...RULES, '--baseline', file, '--report-dir', dir], bad.env);
    expect(result.code).toBe(0);
    const report = readJson(dir);
    expect(report.verdict).toMatchObject({
      exitCode: 0,
      outcome: 'passed',
      failedMust: [],
      incomplete: [],
      baseline: { file, entries: 1, known: ['INT-SELF-LINK'], new: [], stale: [] },
    });
    expect(report.rules.find((r) => r.id === 'INT-SELF-LINK')).toMatchObject({
      status: 'failed',
      baseline: { mark: 'known', note: 'JIRA-42', until: '2999-01-01' },
    });
    expect(report.metadata.label).toBe(faulty.url);
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toContain(
      '- `INT-SELF-LINK` MUST §2.2: JIRA-42 (until 2999-01-01) — known failure',
    );
    expect(readFileSync(join(dir, 'conformance.html'), 'utf8')).toContain(
      '<h3 id="baseline-known">Known failures (1)</h3>',
    );
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain(
      '<skipped message="known failure (baseline): JIRA-42"/>',
    );
  });

  it('reruns only the rules that failed', { timeout: TIMEOUT }, async () => {
    const bad = against(faulty);
    const first = tempReportDir();
    expect((await runCli([...bad.args, ...RULES, '--report-dir', first], bad.env)).code).toBe(1);
    const again = tempReportDir();
    const rerun = await runCli([...bad.args, '--rerun-failed', first, '--report-dir', again], bad.env);
    expect(rerun.code).toBe(1);
    expect(rerun.stdout).toMatch(/^Rerunning 1 rule\(s\) of .*conformance\.json: INT-SELF-LINK$/m);
    const report = readJson(again);
    expect(report.rules.filter((r) => r.checks.length > 0).map((r) => r.id)).toEqual(['INT-SELF-LINK']);
    expect(report.metadata.selection).toEqual({
      rules: ['INT-SELF-LINK'],
      areas: [],
      rerunOf: join(first, 'conformance.json'),
    });
    // Once it passes, there is nothing left to rerun.
    const fixed = against(clean);
    const passing = tempReportDir();
    expect((await runCli([...fixed.args, ...RULES, '--report-dir', passing], fixed.env)).code).toBe(0);
    const nothing = await runCli([...fixed.args, '--rerun-failed', passing]);
    expect(nothing).toMatchObject({ code: 0, stdout: expect.stringMatching(/^Nothing to rerun: /) });
  });

  it('is incomplete (exit 2) when a MUST rule cannot be evaluated, unless the baseline marks it unsupported', {
    timeout: TIMEOUT,
  }, async () => {
    const target = against(noIntents);
    const args = [...target.args, '--rule', 'TXN-CONFIRM'];
    const file = join(tempReportDir(), 'baseline.json');
    writeFileSync(
      file,
      JSON.stringify({ entries: [{ rule: 'TXN-CONFIRM', unsupported: 'no card_payment_intents' }] }),
    );
    const dir = tempReportDir();
    const [incomplete, accepted] = await Promise.all([
      runCli([...args, '--report-dir', dir], target.env),
      runCli([...args, '--baseline', file, '--report-dir', tempReportDir()], target.env),
    ]);
    expect(incomplete.code).toBe(2);
    expect(incomplete.stdout).toMatch(
      /Exit code 2: the run is incomplete\. MUST rule\(s\) not evaluated .*: TXN-CONFIRM\./,
    );
    expect(readJson(dir).verdict).toMatchObject({ outcome: 'incomplete', incomplete: ['TXN-CONFIRM'] });
    expect(readFileSync(join(dir, 'summary.md'), 'utf8')).toMatch(
      /- `TXN-CONFIRM` MUST §4\.1 \(skipped\): .*card_payment_intents/,
    );
    expect(accepted.code).toBe(0);
    expect(accepted.stdout).toContain('1 unsupported (TXN-CONFIRM)');
  });

  it('refuses a baseline that names a rule not in the catalogue, before the run (exit 2)', {
    timeout: TIMEOUT,
  }, async () => {
    const file = join(tempReportDir(), 'baseline.json');
    writeFileSync(file, JSON.stringify({ entries: [{ rule: 'INT-NOPE', reason: 'x' }] }));
    const result = await runCli(['--baseline', file, ...RULES]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(
      `--baseline (CONFORMANCE_BASELINE): ${file}: entries[0] names rule "INT-NOPE", which is not in the rule catalogue (see the rule table in docs/reference-server.md)`,
    );
  });

  it("records the target's Server header and the embedded reference's label", {
    timeout: TIMEOUT,
  }, async () => {
    const proxy = await startProxy(clean.url, (_request, response) => ({
      ...response,
      headers: { ...response.headers, server: 'commerce-staging/7.1' },
    }));
    try {
      const [proxied, embedded] = [tempReportDir(), tempReportDir()];
      const runs = await Promise.all([
        runCli(['--base-url', proxy.url, '--rule', 'INT-GET', '--report-dir', proxied], {
          CONFORMANCE_TOKEN: clean.token,
        }),
        runCli(['--rule', 'INT-GET', '--report-dir', embedded]),
      ]);
      expect(runs.map((r) => r.code)).toEqual([0, 0]);
      expect(readJson(proxied).metadata).toMatchObject({ label: proxy.url, server: 'commerce-staging/7.1' });
      expect(readJson(embedded).metadata).toMatchObject({
        label: 'embedded reference',
        seed: expect.any(Number),
        depth: 'gate',
      });
      expect(readJson(embedded).metadata.server).toBeUndefined();
      expect(readFileSync(join(proxied, 'conformance.html'), 'utf8')).toContain(
        '<dt>Server</dt><dd><code>commerce-staging/7.1</code></dd>',
      );
    } finally {
      await proxy.close();
    }
  });
});

/**
 * History, diff and matrix end to end: `commerce-conformance` spawned against the embedded reference server
 * and against a reference server with a fault, then `diff` and `matrix` over their report directories.
 * A few rules only, to keep each run to a few seconds.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ReferenceServer, startReferenceServer } from '../reference/server.ts';
import { type CliResult, runCli, tempReportDir } from '../test-support/cli/spawn.ts';
import type { ReportDiff } from './diff/compare.ts';
import type { HistoryFile } from './history/history.ts';
import type { Matrix } from './matrix/build.ts';

const TIMEOUT = 120_000;
const RULES = ['--rule', 'INT-SELF-LINK', '--rule', 'INT-GET', '--rule', 'AUTH-STATUS'];

function readJson<T>(file: string): T {
  return JSON.parse(readFileSync(file, 'utf8')) as T;
}

describe('history, diff and matrix through the command line', () => {
  let faulty: ReferenceServer;
  /** The embedded reference server, run twice into the same directory. */
  const clean = tempReportDir();
  /** A reference server whose self links are relative (INT-SELF-LINK fails). */
  const broken = tempReportDir();
  let runs: CliResult[];

  beforeAll(async () => {
    faulty = await startReferenceServer({ port: 0, faults: ['self-link-relative'] });
    const first = await runCli([...RULES, '--report-dir', clean]);
    const [second, third] = await Promise.all([
      runCli([...RULES, '--report-dir', clean]),
      runCli([...RULES, '--base-url', faulty.url, '--token', faulty.token, '--report-dir', broken]),
    ]);
    runs = [first, second, third];
  }, TIMEOUT);
  afterAll(async () => {
    await faulty?.close();
  });

  it('two runs into one directory leave a history of two records', () => {
    expect(runs.map((r) => r.code)).toEqual([0, 0, 1]);
    const history = readJson<HistoryFile>(join(clean, 'history.json'));
    expect(history.format).toBe(1);
    expect(history.size).toBe(30);
    expect(history.records).toHaveLength(2);
    for (const record of history.records) {
      expect(record.statuses).toMatchObject({
        'INT-SELF-LINK': 'passed',
        'INT-GET': 'passed',
        'AUTH-STATUS': 'observed',
        'INT-SCHEMA': 'untested',
      });
      expect(record).toMatchObject({ label: 'embedded reference', depth: 'gate', exitCode: 0 });
    }
    expect((history.records[0]?.startedAt ?? '') < (history.records[1]?.startedAt ?? '')).toBe(true);
    const html = readFileSync(join(clean, 'conformance.html'), 'utf8');
    expect(html).toContain('INT-GET passed ×2; INT-SELF-LINK passed ×2');
    expect(runs[1]?.stdout).toContain('history.json');
  });

  it('diff of the clean run and the faulty one shows the regression and exits 1', {
    timeout: TIMEOUT,
  }, async () => {
    const out = tempReportDir();
    const result = await runCli(['diff', clean, join(broken, 'conformance.json'), '--report-dir', out]);
    expect(result.code).toBe(1);
    expect(result.stdout.split('\n')[0]).toBe('## Conformance diff: ❌ 1 regression(s)');
    expect(result.stdout).toMatch(
      /\| `INT-SELF-LINK` \| MUST \| §\S+ \| passed → failed \| INT-SELF-LINK MUST/,
    );
    expect(result.stdout).toContain('#### `AUTH-STATUS` §5');
    expect(result.stdout).toMatch(/\| missing token\.status \| `401` \| `401` \| {2}\|/);
    expect(result.stderr).toContain(join(out, 'diff.md'));
    const diff = readJson<ReportDiff>(join(out, 'diff.json'));
    expect(diff.counts.regression).toBe(1);
    expect(diff.rules.find((r) => r.id === 'INT-SELF-LINK')).toMatchObject({ a: 'passed', b: 'failed' });
    expect(readFileSync(join(out, 'diff.md'), 'utf8').trimEnd()).toBe(result.stdout.trimEnd());
  });

  it('diff the other way is a fix, exits 0, and writes next to B by default', {
    timeout: TIMEOUT,
  }, async () => {
    const result = await runCli(['diff', broken, clean]);
    expect(result.code).toBe(0);
    expect(result.stdout.split('\n')[0]).toBe('## Conformance diff: ✅ no regression');
    expect(result.stdout).toMatch(/### ✅ Fixes\n[\s\S]*`INT-SELF-LINK`/);
    expect(existsSync(join(clean, 'diff.md'))).toBe(true);
    expect(existsSync(join(clean, 'diff.json'))).toBe(true);
  });

  it('diff exits 2 with one message for a report it cannot read', { timeout: TIMEOUT }, async () => {
    const missing = join(tempReportDir(), 'nope');
    const result = await runCli(['diff', clean, missing]);
    expect(result.code).toBe(2);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim()).toBe(`diff: ${missing}: no such file or directory`);
    const empty = tempReportDir();
    const notReport = await runCli(['diff', empty, clean]);
    expect(notReport.code).toBe(2);
    expect(notReport.stderr.trim()).toBe(`diff: ${join(empty, 'conformance.json')}: no such file`);
  });

  it('matrix of the two directories: scores, per-rule passing counts and a badge each', {
    timeout: TIMEOUT,
  }, async () => {
    const out = tempReportDir();
    const result = await runCli(['matrix', clean, broken, '--report-dir', out]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const matrix = readJson<Matrix>(join(out, 'matrix.json'));
    const [reference, faultyImpl] = matrix.implementations;
    expect(reference?.label).toBe('embedded reference');
    expect(faultyImpl?.label).toBe(faulty.url);
    expect(reference?.score.must).toMatchObject({ passed: 2, failed: 0 });
    expect(faultyImpl?.score.must).toMatchObject({ passed: 1, failed: 1 });
    expect(matrix.rules.find((r) => r.id === 'INT-SELF-LINK')).toMatchObject({
      statuses: ['passed', 'failed'],
      passing: 1,
    });
    expect(result.stdout).toMatch(/^embedded reference +MUST 2\/\d+ · SHOULD 0\/\d+/);
    for (const i of matrix.implementations) {
      const badge = readJson<Record<string, unknown>>(join(out, 'badges', `${i.slug}.json`));
      expect(badge).toMatchObject({ schemaVersion: 1, label: 'Commerce API conformance' });
      expect(badge.message).toMatch(/^MUST \d+\/\d+ · SHOULD \d+\/\d+$/);
    }
    expect(readJson<{ color: string }>(join(out, 'badges', `${faultyImpl?.slug}.json`)).color).toBe('red');
    expect(readFileSync(join(out, 'matrix.md'), 'utf8')).toMatch(
      /\| `INT-SELF-LINK` \| MUST \| §\S+ \| ✅ \| ❌ \| 1\/2 \|/,
    );
    const html = readFileSync(join(out, 'matrix.html'), 'utf8');
    expect(html).toContain('href="../');
  });
});

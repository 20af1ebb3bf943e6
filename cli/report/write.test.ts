import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collected, exchange, failingReport, report } from '../../test-support/cli/make.ts';
import { REPORT_FILES, writeReports } from './write.ts';

const TOKEN = 'tok_Sup3r+Secret/Value=';
const CLIENT_SECRET = 'cs-very-secret-42';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'conformance-reports-'));
}

describe('writeReports', () => {
  it('writes the four reports and the history, with no token or client secret anywhere in them', () => {
    const leaky = exchange(
      'GET',
      `http://127.0.0.1:4010/v2/integrations/abc?access_token=${encodeURIComponent(TOKEN)}`,
      200,
      JSON.stringify({ echo: TOKEN, secret: CLIENT_SECRET, html: `<b>${TOKEN}</b>` }),
    );
    const withHeaders = {
      ...leaky,
      request: { ...leaky.request, headers: { authorization: `Bearer ${TOKEN}` } },
      response: { status: 200, headers: { 'x-echo': `Bearer ${TOKEN}` }, body: leaky.response?.body ?? '' },
      curl: `curl -H 'Authorization: Bearer ${TOKEN}' '${leaky.request.url}'`,
    };
    const r = report([
      collected('INT-SELF-LINK', 'failed', {
        message: `INT-SELF-LINK MUST §2.2: expected x, got {"echo":"${TOKEN}"} (GET ${leaky.request.url})`,
        exchanges: [withHeaders],
        keyExchange: withHeaders,
      }),
      collected('AUTH-STATUS', 'observed', { observations: { [TOKEN]: CLIENT_SECRET } }),
      collected('INT-DELETE', 'skipped', { reason: `no delete with ${TOKEN}` }),
    ]);
    const dir = tempDir();
    const written = writeReports(dir, r, [TOKEN, CLIENT_SECRET], 30);
    expect(readdirSync(dir).sort()).toEqual(Object.values(REPORT_FILES).sort());
    expect(written.files).toHaveLength(5);
    for (const file of written.files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain(TOKEN);
      expect(text, file).not.toContain(encodeURIComponent(TOKEN));
      expect(text, file).not.toContain(CLIENT_SECRET);
      // The history keeps statuses, not evidence: nothing in it to redact.
      if (!file.endsWith(REPORT_FILES.history)) expect(text, file).toContain('[redacted]');
    }
  });

  it('reads the previous conformance.json of the directory for the trend, then replaces it', () => {
    const dir = tempDir();
    writeReports(dir, failingReport('{}', { startedAt: '2026-11-20T02:00:00.000Z' }), [], 30);
    const second = writeReports(dir, report([collected('INT-SELF-LINK', 'passed')]), [], 30);
    expect(second.report.changes?.newlyPassing).toEqual(['INT-SELF-LINK']);
    const onDisk = JSON.parse(readFileSync(join(dir, REPORT_FILES.json), 'utf8'));
    expect(onDisk.previous).toEqual({ startedAt: '2026-11-20T02:00:00.000Z' });
    expect(readFileSync(join(dir, REPORT_FILES.markdown), 'utf8')).toContain('newly passing');
  });

  it('ignores, and says so, a previous conformance.json it cannot read', () => {
    const dir = tempDir();
    writeFileSync(join(dir, REPORT_FILES.json), '{ not json');
    const written = writeReports(dir, report([]), [], 30);
    expect(written.previousProblem).toMatch(/conformance\.json: not JSON .*; no trend this time/);
    expect(written.report.changes).toBeUndefined();
  });

  it('appends each run to history.json and keeps the last N runs', () => {
    const dir = tempDir();
    const days = ['2026-11-19', '2026-11-20', '2026-11-21'].map((d) => `${d}T02:00:00.000Z`);
    const [one, two, three] = days.map((startedAt, i) =>
      writeReports(dir, report([collected('INT-GET', i === 1 ? 'failed' : 'passed')], { startedAt }), [], 2),
    );
    expect(one?.report.history?.runs).toHaveLength(1);
    expect(two?.report.history?.runs).toHaveLength(2);
    const onDisk = JSON.parse(readFileSync(join(dir, REPORT_FILES.history), 'utf8'));
    expect(onDisk.format).toBe(1);
    expect(onDisk.size).toBe(2);
    expect(onDisk.records.map((r: { startedAt: string }) => r.startedAt)).toEqual(days.slice(1));
    expect(three?.report.rules.find((r) => r.id === 'INT-GET')?.history?.statuses).toEqual([
      'failed',
      'passed',
    ]);
  });

  it('starts the history again, and says so, when history.json cannot be read', () => {
    const dir = tempDir();
    writeFileSync(join(dir, REPORT_FILES.history), '{"format":1}');
    const written = writeReports(dir, report([]), [], 30);
    expect(written.historyProblem).toMatch(
      /history\.json: not a history of format 1; the history starts again/,
    );
    expect(written.report.history?.runs).toHaveLength(1);
  });
});

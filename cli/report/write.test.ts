import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { collected, exchange, failingReport, report } from '../test-support/make.ts';
import { REPORT_FILES, writeReports } from './write.ts';

const TOKEN = 'tok_Sup3r+Secret/Value=';
const CLIENT_SECRET = 'cs-very-secret-42';

function tempDir(): string {
  return mkdtempSync(join(tmpdir(), 'conformance-reports-'));
}

describe('writeReports', () => {
  it('writes the four reports, with no token or client secret anywhere in them', () => {
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
    const written = writeReports(dir, r, [TOKEN, CLIENT_SECRET]);
    expect(readdirSync(dir).sort()).toEqual(Object.values(REPORT_FILES).sort());
    expect(written.files).toHaveLength(4);
    for (const file of written.files) {
      const text = readFileSync(file, 'utf8');
      expect(text, file).not.toContain(TOKEN);
      expect(text, file).not.toContain(encodeURIComponent(TOKEN));
      expect(text, file).not.toContain(CLIENT_SECRET);
      expect(text, file).toContain('[redacted]');
    }
  });

  it('reads the previous conformance.json of the directory for the trend, then replaces it', () => {
    const dir = tempDir();
    writeReports(dir, failingReport('{}', { startedAt: '2026-11-20T02:00:00.000Z' }), []);
    const second = writeReports(dir, report([collected('INT-SELF-LINK', 'passed')]), []);
    expect(second.report.changes?.newlyPassing).toEqual(['INT-SELF-LINK']);
    const onDisk = JSON.parse(readFileSync(join(dir, REPORT_FILES.json), 'utf8'));
    expect(onDisk.previous).toEqual({ startedAt: '2026-11-20T02:00:00.000Z' });
    expect(readFileSync(join(dir, REPORT_FILES.markdown), 'utf8')).toContain('newly passing');
  });

  it('ignores, and says so, a previous conformance.json it cannot read', () => {
    const dir = tempDir();
    writeFileSync(join(dir, REPORT_FILES.json), '{ not json');
    const written = writeReports(dir, report([]), []);
    expect(written.previousProblem).toMatch(/conformance\.json: not JSON .*; no trend this time/);
    expect(written.report.changes).toBeUndefined();
  });
});

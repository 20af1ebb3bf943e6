/**
 * `traffic` on HAR recorded by mitmproxy as Debian ships it (8.1, the `har_dump.py` add-on) in front of the
 * reference server, driven by the service's SDK (`@moltin/sdk`): once in front of the reference (answers
 * above 2 KB streamed, so that the add-on keeps no body of them: `"text": null`), once in front of a
 * reference with several faults at once (written compressed, as mitmproxy's `.zhar`). Each recording is made
 * once and read by every test.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync, inflateSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference/faults/catalogue.ts';
import { startReferenceServer } from '../../reference/server.ts';
import type { RuleId } from '../../rules/catalogue.ts';
import { runSdkSession } from '../../test-support/reference/sdk-session.ts';
import { MITMPROXY_AVAILABLE, startMitmdump } from '../../test-support/traffic/mitmproxy.ts';
import { main } from '../main.ts';
import type { ConformanceReport } from '../report/model.ts';

const dir = mkdtempSync(join(tmpdir(), 'traffic-mitmproxy-'));

/** Faults whose answers the SDK's session reads, each on a rule of its own. */
const PLANTED = [
  'refund-with-meta',
  'capture-status-pending',
  'self-link-relative',
  'category-products-relationship-missing',
  'product-tax-code-renamed',
] as const;

/** The SDK's session through mitmdump in front of a reference with `faults`; the HAR file written. */
async function record(name: string, faults: readonly string[], options: readonly string[] = []) {
  const server = await startReferenceServer({ port: 0, faults: [...faults] });
  const har = join(dir, name);
  try {
    const mitm = await startMitmdump(server.url, har, options);
    const session = await runSdkSession(mitm.url);
    await mitm.stop();
    return { har, session, base: server.url };
  } finally {
    await server.close();
  }
}

async function judge(files: readonly string[], extra: readonly string[] = []) {
  const reportDir = mkdtempSync(join(dir, 'reports-'));
  const lines: string[] = [];
  const io = { out: (line: string) => lines.push(line), err: (line: string) => lines.push(line) };
  const code = await main(['traffic', ...files, '--report-dir', reportDir, ...extra], {}, io);
  let report: ConformanceReport | undefined;
  try {
    report = JSON.parse(readFileSync(join(reportDir, 'conformance.json'), 'utf8')) as ConformanceReport;
  } catch {
    report = undefined;
  }
  const failed = report?.rules.filter((r) => r.status === 'failed').map((r) => r.id) ?? [];
  const status = (id: RuleId) => report?.rules.find((r) => r.id === id)?.status;
  return { code, report, failed, status, output: lines.join('\n') };
}

describe('traffic on HAR recorded by mitmproxy (Debian 8.1, har_dump.py), driven by @moltin/sdk', () => {
  if (!MITMPROXY_AVAILABLE && !process.env.CI) {
    it.skip('mitmdump or har_dump.py is missing (install the Debian package mitmproxy)', () => {});
    return;
  }

  let clean: Awaited<ReturnType<typeof record>>;
  let faulted: Awaited<ReturnType<typeof record>>;
  beforeAll(async () => {
    if (!MITMPROXY_AVAILABLE) throw new Error('mitmproxy is missing: CI must install the Debian package');
    [clean, faulted] = await Promise.all([
      record('clean.har', [], ['stream_large_bodies=1k']),
      record(`faulted-${randomUUID().slice(0, 8)}.zhar`, PLANTED),
    ]);
  }, 60_000);

  it('judges the recording of the reference: exit 0, no failure, streamed bodies not judged, no token shown', async () => {
    expect(clean.session.errors).toEqual([]);
    const recorded = JSON.parse(readFileSync(clean.har, 'utf8')) as {
      log: { entries: { response: { content: { text: unknown } } }[] };
    };
    // What mitmproxy 8 writes for a streamed answer: no body at all.
    expect(recorded.log.entries.some((e) => e.response.content.text === null)).toBe(true);
    const { code, report, failed, status, output } = await judge([clean.har]);
    expect(code, output).toBe(0);
    expect(failed).toEqual([]);
    expect(report?.traffic?.notJudged).toContainEqual({
      reason: 'the recording holds no body of the answer',
      count: expect.any(Number),
    });
    for (const id of ['INT-GET', 'INT-DELETE', 'TXN-REFUND', 'TXN-REFUND-NO-META', 'TXN-CAPTURE'] as const) {
      expect([id, status(id)]).toEqual([id, 'passed']);
    }
    const token = clean.session.answers.token?.access_token as string;
    expect(token.length).toBeGreaterThan(8);
    expect(JSON.stringify(report) + output).not.toContain(token);
  });

  it('fails each planted fault on its rule and nothing else, from a compressed recording (.zhar)', async () => {
    expect(inflateSync(readFileSync(faulted.har)).toString('utf8')).toMatch(/^\{/);
    const { code, failed, output } = await judge([faulted.har]);
    expect(code, output).toBe(1);
    const planted = PLANTED.map((name) => FAULTS.find((f) => f.name === name));
    const allowed = planted.flatMap((f) => [f?.rule, ...Object.keys(f?.collateral ?? {})]);
    expect(failed.filter((id) => !allowed.includes(id))).toEqual([]);
    expect(planted.filter((f) => !failed.includes(f?.rule as RuleId)).map((f) => f?.name)).toEqual([]);
  });

  it('reads a recording gzipped (.har.gz) as the file itself', async () => {
    const gz = join(dir, 'clean.har.gz');
    writeFileSync(gz, gzipSync(readFileSync(clean.har)));
    const plain = await judge([clean.har]);
    const zipped = await judge([gz]);
    expect(zipped.code).toBe(0);
    expect(zipped.report?.traffic?.judged).toBe(plain.report?.traffic?.judged);
  });
});

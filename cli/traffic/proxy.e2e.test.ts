import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FAULTS } from '../../reference/faults/catalogue.ts';
import { VARIANTS } from '../../reference/faults/variants.ts';
import type { ReferenceOptions } from '../../reference/options.ts';
import { startReferenceServer } from '../../reference/server.ts';
import type { RuleId } from '../../rules/catalogue.ts';
import { runSdkSession, type SdkSession } from '../../test-support/reference/sdk-session.ts';
import { startProxy } from '../../test-support/traffic/start-proxy.ts';
import type { RunOutcome } from '../run.ts';

/**
 * `proxy`: the family's SDK (`@moltin/sdk`) drives the reference server through the proxy, and the proxy alone
 * judges what passes. A conformant reference, and every conformant variant, gets no failure; every fault gets
 * no failure outside its rule and declared collateral; the faults whose rule the SDK's session reveals are the
 * table of docs/traffic.md, kept in step here.
 */
const root = join(import.meta.dirname, '../..');
/** The page whose table lists the faults the proxy alone reveals. */
const TRAFFIC_PAGE = 'docs/traffic.md';

async function throughProxy(
  options: ReferenceOptions,
): Promise<{ outcome: RunOutcome; session: SdkSession; lines: readonly string[] }> {
  const server = await startReferenceServer({ port: 0, ...options });
  try {
    const proxy = await startProxy(server.url);
    const session = await runSdkSession(proxy.url);
    return { outcome: await proxy.stop(), session, lines: proxy.lines };
  } finally {
    await server.close();
  }
}

function failedRules(outcome: RunOutcome): RuleId[] {
  return outcome.report?.rules.filter((r) => r.status === 'failed').map((r) => r.id) ?? [];
}

describe('commerce-conformance proxy, driven by @moltin/sdk', () => {
  it('passes everything through: the SDK works as against the reference, and nothing fails', async () => {
    const { outcome, session, lines } = await throughProxy({ token: 'proxy-sdk-token' });
    expect(session.errors).toEqual([]);
    expect(session.answers.read.data.name).toBe('SDK webhook');
    expect(outcome.exitCode).toBe(0);
    expect(failedRules(outcome)).toEqual([]);
    expect(lines[0]).toMatch(/^listening http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.filter((l) => l.startsWith('FAIL'))).toEqual([]);
    const traffic = outcome.report?.traffic;
    expect(traffic?.judged).toBeGreaterThan(25);
    const passed = outcome.report?.rules.filter((r) => r.status === 'passed').map((r) => r.id);
    expect(passed).toEqual(
      expect.arrayContaining([
        'TXN-SCHEMA',
        'TXN-AMOUNT',
        'INT-GET',
        'INT-DELETE',
        'INT-DELETE-GONE',
        'INC-PRODUCTS',
        'PAGE-LINKS',
      ]),
    );
    // The SDK's token came back from /oauth/access_token and went in every Authorization header: never shown.
    const shown = JSON.stringify(outcome.report) + lines.join('\n');
    expect(shown).not.toContain('proxy-sdk-token');
  });

  it('gives every conformant variant no failure', async () => {
    for (const variant of VARIANTS) {
      const { outcome } = await throughProxy({ variants: [variant.name] });
      expect(failedRules(outcome), variant.name).toEqual([]);
    }
  }, 180_000);

  it('fails each fault on nothing but its rule and collateral; the faults it reveals are docs/traffic.md’s table', async () => {
    const caught: string[] = [];
    for (const fault of FAULTS) {
      const { outcome, lines } = await throughProxy({ faults: [fault.name] });
      const allowed = [fault.rule, ...Object.keys(fault.collateral ?? {})];
      const failed = failedRules(outcome);
      expect(
        failed.filter((id) => !allowed.includes(id)),
        fault.name,
      ).toEqual([]);
      if (failed.includes(fault.rule)) {
        caught.push(`| \`${fault.name}\` | \`${fault.rule}\` |`);
        // A failed verdict printed its line as it happened.
        expect(
          lines.some((l) => l.startsWith(`FAIL ${fault.rule} `)),
          fault.name,
        ).toBe(true);
      }
    }
    const table = ['| fault | rule failed from the proxy alone |', '|---|---|', ...caught].join('\n');
    const page = readFileSync(join(root, TRAFFIC_PAGE), 'utf8');
    const block = /<!-- passive-faults:start -->\n([\s\S]*?)\n<!-- passive-faults:end -->/.exec(page)?.[1];
    expect(block, `${TRAFFIC_PAGE}: the table between the passive-faults markers`).toBe(table);
  }, 180_000);
});

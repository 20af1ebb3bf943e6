import { describe, expect, it } from 'vitest';
import { collected, report } from '../../test-support/cli/make.ts';
import { parseBaseline } from './read.ts';
import { baselineFromReport } from './write-command.ts';

const only = (...rules: string[]) => ({ filter: { rules, areas: [] } });

describe('baselineFromReport', () => {
  const run = report(
    [
      collected('INT-GET', 'failed', { message: 'INT-GET MUST §4.2: expected status 2xx, got 500\nmore' }),
      collected('INT-NOT-FOUND', 'failed', { message: 'INT-NOT-FOUND SHOULD §4.2: expected 404, got 200' }),
      collected('TXN-CONFIRM', 'skipped', {
        reason: 'the target does not offer the card_payment_intents gateway',
      }),
      collected('INT-SCHEMA', 'passed'),
    ],
    { ...only('INT-GET', 'INT-NOT-FOUND', 'TXN-CONFIRM', 'INT-SCHEMA'), label: 'staging' },
  );

  it('lists every failure as known and every MUST rule that left the run incomplete as unsupported', () => {
    const { document, added } = baselineFromReport(run);
    expect(document.entries).toEqual([
      {
        rule: 'TXN-CONFIRM',
        unsupported: 'not evaluated: the target does not offer the card_payment_intents gateway',
      },
      { rule: 'INT-GET', reason: 'expected status 2xx, got 500' },
      { rule: 'INT-NOT-FOUND', reason: 'expected 404, got 200' },
    ]);
    expect(added).toEqual(['TXN-CONFIRM', 'INT-GET', 'INT-NOT-FOUND']);
    expect(document.description).toMatch(/^Expected failures of staging, written from the run of 2026-11-21/);
  });

  it('writes a valid baseline that turns the same run green, every failure known', () => {
    const { document } = baselineFromReport(run);
    const baseline = parseBaseline(JSON.parse(JSON.stringify(document)), 'b.json');
    expect(run.verdict.exitCode).toBe(1);
    const again = report(
      run.rules.flatMap((r) =>
        r.checks.map((c) => collected(r.id, c.status, c.message ? { message: c.message } : {})),
      ),
      { ...only('INT-GET', 'INT-NOT-FOUND', 'TXN-CONFIRM', 'INT-SCHEMA'), baseline, strict: true },
    );
    expect(again.verdict).toMatchObject({
      exitCode: 0,
      baseline: { known: ['INT-GET', 'INT-NOT-FOUND'], unsupported: ['TXN-CONFIRM'], new: [], stale: [] },
    });
  });

  it('keeps the edited entries of an existing baseline whose rules still fail, and drops the others', () => {
    const existing = parseBaseline(
      {
        description: 'ours',
        entries: [
          { rule: 'INT-GET', reason: 'JIRA-9', until: '2027-01-31' },
          { rule: 'INT-SCHEMA', reason: 'fixed since' },
        ],
      },
      'b.json',
    );
    const changes = baselineFromReport(run, existing);
    expect(changes.document.description).toBe('ours');
    expect(changes.document.entries).toContainEqual({
      rule: 'INT-GET',
      reason: 'JIRA-9',
      until: '2027-01-31',
    });
    expect(changes).toMatchObject({
      kept: ['INT-GET'],
      added: ['TXN-CONFIRM', 'INT-NOT-FOUND'],
      dropped: ['INT-SCHEMA'],
    });
  });
});

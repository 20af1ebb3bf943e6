import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../helpers/config/errors.ts';
import { isExpired, parseBaseline, readBaseline } from './read.ts';

function problem(document: unknown): string {
  try {
    parseBaseline(document, 'b.json');
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('parseBaseline', () => {
  it('takes known failures (with or without until) and unsupported capabilities', () => {
    const baseline = parseBaseline(
      {
        description: 'staging',
        entries: [
          { rule: 'TXN-LIST', reason: 'JIRA-1' },
          { rule: 'INT-GET', reason: 'JIRA-2', until: '2026-12-31' },
          { rule: 'TXN-CONFIRM', unsupported: 'no card_payment_intents gateway' },
        ],
      },
      'b.json',
    );
    expect(baseline).toEqual({
      file: 'b.json',
      description: 'staging',
      entries: [
        { rule: 'TXN-LIST', reason: 'JIRA-1' },
        { rule: 'INT-GET', reason: 'JIRA-2', until: '2026-12-31' },
        { rule: 'TXN-CONFIRM', unsupported: 'no card_payment_intents gateway' },
      ],
    });
    expect(parseBaseline({ entries: [] }, 'b.json').entries).toEqual([]);
  });

  it('refuses a rule ID that is not in the catalogue, by entry, as a CONFORMANCE_BASELINE error', () => {
    expect(
      problem({
        entries: [
          { rule: 'TXN-LIST', reason: 'x' },
          { rule: 'TXN-NOPE', reason: 'y' },
        ],
      }),
    ).toBe(
      'CONFORMANCE_BASELINE: b.json: entries[1] names rule "TXN-NOPE", which is not in the rule catalogue (see the rule table in docs/reference-server.md)',
    );
  });

  it.each([
    [{}, /b\.json: must have required property 'entries'/],
    [{ entries: {} }, /entries must be array/],
    [{ entries: [], extra: 1 }, /has an unknown field "extra"/],
    [
      { entries: [{ rule: 'TXN-LIST' }] },
      /entries\[0\] must have required property 'reason' \(an entry is \{ rule, reason, until\? \}\)/,
    ],
    [
      { entries: [{ rule: 'TXN-LIST', reason: 'x', untill: '2026-01-01' }] },
      /entries\[0\] has an unknown field "untill"/,
    ],
    [
      { entries: [{ rule: 'TXN-LIST', reason: 'x', until: '31/12/2026' }] },
      /entries\[0\] until must be an ISO date/,
    ],
    [
      { entries: [{ rule: 'TXN-LIST', reason: '' }] },
      /entries\[0\] reason must NOT have fewer than 1 characters/,
    ],
    [
      { entries: [{ rule: 'TXN-LIST', unsupported: 'x', reason: 'y' }] },
      /has an unknown field "reason" \(an entry is \{ rule, unsupported \}\)/,
    ],
    [{ entries: [{ rule: 'txn-list', reason: 'x' }] }, /entries\[0\] rule must match pattern/],
    [
      {
        entries: [
          { rule: 'TXN-LIST', reason: 'x' },
          { rule: 'TXN-LIST', unsupported: 'y' },
        ],
      },
      /rule TXN-LIST is listed twice/,
    ],
  ])('refuses %j with a clear message', (document, message) => {
    expect(problem(document)).toMatch(message);
  });
});

describe('readBaseline', () => {
  const dir = mkdtempSync(join(tmpdir(), 'baseline-read-'));

  it('reads a file, and names a missing or non-JSON file', () => {
    const good = join(dir, 'good.json');
    writeFileSync(good, JSON.stringify({ entries: [{ rule: 'TXN-LIST', reason: 'x' }] }));
    expect(readBaseline(good).entries).toEqual([{ rule: 'TXN-LIST', reason: 'x' }]);
    expect(() => readBaseline(join(dir, 'none.json'))).toThrow(
      /^CONFORMANCE_BASELINE: .*none\.json: no such file$/,
    );
    const bad = join(dir, 'bad.json');
    writeFileSync(bad, '{ entries: ');
    expect(() => readBaseline(bad)).toThrow(/bad\.json: not JSON/);
  });
});

describe('isExpired', () => {
  it('counts an entry through its until day, and an entry without until for ever', () => {
    const entry = { rule: 'TXN-LIST' as const, reason: 'x', until: '2026-06-30' };
    expect(isExpired(entry, '2026-06-29')).toBe(false);
    expect(isExpired(entry, '2026-06-30')).toBe(false);
    expect(isExpired(entry, '2026-07-01')).toBe(true);
    expect(isExpired({ rule: 'TXN-LIST', reason: 'x' }, '2999-01-01')).toBe(false);
    expect(isExpired({ rule: 'TXN-LIST', unsupported: 'x' }, '2999-01-01')).toBe(false);
  });
});

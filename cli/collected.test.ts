import { describe, expect, it } from 'vitest';
import type { RuleId, RuleLevel } from '../helpers/catalogue/rules.ts';
import type { CheckRecord } from '../helpers/check/record.ts';
import type { RuleTally } from '../helpers/judge/judging.ts';
import { exchange } from '../test-support/cli/make.ts';
import { classify, tallyCheck } from './collected.ts';

function record(ruleId: RuleId, level: RuleLevel = 'MUST', extra: Partial<CheckRecord> = {}): CheckRecord {
  return { ruleId, level, section: '§2', exchanges: [], observations: {}, assertions: 1, ...extra };
}

describe('classify', () => {
  it('passes a passed check and observes a passed INFO check', () => {
    expect(classify({ name: 'INT-GET MUST: x', state: 'passed', record: record('INT-GET') })?.status).toBe(
      'passed',
    );
    const info = classify({
      name: 'AUTH-STATUS INFO: x',
      state: 'passed',
      record: record('AUTH-STATUS', 'INFO', { observations: { status: 401 } }),
    });
    expect(info).toMatchObject({ status: 'observed', observations: { status: 401 } });
  });

  it('keeps the skip note as the reason, and ignores tests the filter left out', () => {
    const skipped = classify({
      name: 'INT-DELETE MUST: x',
      state: 'skipped',
      note: 'read-only mode',
      record: record('INT-DELETE'),
    });
    expect(skipped).toMatchObject({ status: 'skipped', reason: 'read-only mode' });
    expect(classify({ name: 'INT-DELETE MUST: x', state: 'skipped' })).toBeUndefined();
    expect(classify({ name: 'a helper test', state: 'passed' })).toBeUndefined();
  });

  it('fails a ConformanceFailure and picks the exchange its message names', () => {
    const a = exchange('GET', 'http://t/v2/integrations/1', 200);
    const b = exchange('DELETE', 'http://t/v2/integrations/1', 200);
    const c = exchange('GET', 'http://t/v2/integrations/2', 404);
    const check = classify({
      name: 'INT-DELETE MUST: x',
      state: 'failed',
      errors: [
        {
          name: 'ConformanceFailure',
          message: 'INT-DELETE MUST §4.2: expected x, got y (DELETE http://t/v2/integrations/1)',
        },
      ],
      record: record('INT-DELETE', 'MUST', { exchanges: [a, b, c] }),
    });
    expect(check?.status).toBe('failed');
    expect(check?.message).toMatch(/^INT-DELETE MUST §4.2: expected x, got y/);
    expect(check?.keyExchange).toBe(b);
  });

  it('reports a check that was not evaluated, or that threw anything else, as an error', () => {
    const transport = classify({
      name: 'INT-GET MUST: x',
      state: 'failed',
      errors: [{ name: 'Error', message: 'not evaluated: GET http://t/v2/x: connection refused' }],
      record: record('INT-GET', 'MUST', { notEvaluated: 'GET http://t/v2/x: connection refused' }),
    });
    expect(transport).toMatchObject({
      status: 'error',
      message: 'not evaluated: GET http://t/v2/x: connection refused',
    });
    const bug = classify({
      name: 'INT-GET MUST: x',
      state: 'failed',
      errors: [{ name: 'TypeError', message: 'x is undefined' }],
      record: record('INT-GET'),
    });
    expect(bug).toMatchObject({ status: 'error', message: 'not evaluated: x is undefined' });
  });
});

describe('tallyCheck', () => {
  const exchange = {
    request: { method: 'GET', url: 'http://t/v2/x', headers: {} },
    durationMs: 1,
    curl: 'curl',
  };
  const tally = (failures: RuleTally['failures'], errors: string[] = []): RuleTally => ({
    ruleId: 'HTTP-JSON',
    judged: 12,
    bySource: { check: 10, replay: 2 },
    failed: failures.length,
    failures,
    errors,
  });

  it('passes a rule whose judged exchanges all passed, counting them as its inputs by sender', () => {
    expect(tallyCheck(tally([]), 'suites/http.conformance.ts')).toMatchObject({
      ruleId: 'HTTP-JSON',
      status: 'passed',
      name: 'HTTP-JSON SHOULD: every exchange it applies to in suites/http.conformance.ts (12 judged)',
      exchangeCount: 12,
      depth: { inputs: 12 },
      bySource: { check: 10, replay: 2 },
    });
  });

  it('fails with the first failure as its evidence, naming what sent it and the minimal input', () => {
    const failure = {
      message: 'HTTP-JSON SHOULD §1: expected JSON, got text (GET http://t/v2/x)',
      exchange,
      source: { kind: 'generated' as const, name: 'probe: malformed', input: 'GET /v2/x' },
      note: 'minimal failing input after 3 shrink step(s)',
    };
    const check = tallyCheck(tally([failure]), 'suites/http.conformance.ts');
    expect(check).toMatchObject({ status: 'failed', keyExchange: exchange, exchanges: [exchange] });
    expect(check?.message).toContain('sent by a generated input of "probe: malformed" (input GET /v2/x)');
    expect(check?.message).toContain('minimal failing input after 3 shrink step(s)');
  });

  it('reports a verdict that threw as not evaluated', () => {
    expect(tallyCheck(tally([], ['HTTP-JSON: the verdict threw']), undefined)).toMatchObject({
      status: 'error',
      message: 'not evaluated: HTTP-JSON: the verdict threw',
    });
  });
});

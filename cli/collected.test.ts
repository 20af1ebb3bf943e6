import { describe, expect, it } from 'vitest';
import type { RuleId, RuleLevel } from '../helpers/catalogue/rules.ts';
import type { CheckRecord } from '../helpers/check/record.ts';
import { classify } from './collected.ts';
import { exchange } from './test-support/make.ts';

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

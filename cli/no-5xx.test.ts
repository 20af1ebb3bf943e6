import { describe, expect, it } from 'vitest';
import { noServerErrorCheck } from './no-5xx.ts';
import { collected, exchange } from './test-support/make.ts';

describe('the run-wide HTTP-NO-5XX check', () => {
  it('passes over every exchange of the run when none got a 5xx', () => {
    const shared = exchange('GET', 'http://t/v2/a', 200);
    const check = noServerErrorCheck([
      collected('INT-GET', 'passed', { exchanges: [shared, exchange('GET', 'http://t/v2/b', 404)] }),
      collected('INT-SCHEMA', 'failed', { exchanges: [shared] }),
    ]);
    expect(check).toMatchObject({ ruleId: 'HTTP-NO-5XX', status: 'passed', exchangeCount: 2 });
    expect(check.name).toMatch(/^HTTP-NO-5XX MUST: /);
  });

  it('fails with the offending exchanges as evidence, whichever check sent them', () => {
    const boom = exchange('POST', 'http://t/v2/orders/1/payments', 502, 'Bad gateway');
    const check = noServerErrorCheck([
      collected('TXN-SCHEMA', 'passed', { exchanges: [exchange('GET', 'http://t/v2/a', 200), boom] }),
      collected('AUTH-REQUIRED', 'passed', { exchanges: [boom] }),
    ]);
    expect(check.status).toBe('failed');
    expect(check.keyExchange).toBe(boom);
    expect(check.exchanges).toEqual([boom]);
    expect(check.message).toContain('POST http://t/v2/orders/1/payments → 502');
    expect(check.message).toMatch(
      /^HTTP-NO-5XX MUST §7: expected no 5xx answer to any of the 2 requests of the run, got 1/,
    );
  });
});

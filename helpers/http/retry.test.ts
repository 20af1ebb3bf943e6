import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY_POLICY, decideRetry, isDeclined, parseRetryAfter } from './retry.ts';

const policy = DEFAULT_RETRY_POLICY;
const half = () => 0.5;

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates, and nothing else', () => {
    const now = Date.parse('2026-11-21T10:00:00Z');
    expect(parseRetryAfter('2', now)).toBe(2000);
    expect(parseRetryAfter(' 0 ', now)).toBe(0);
    expect(parseRetryAfter('Sat, 21 Nov 2026 10:00:03 GMT', now)).toBe(3000);
    expect(parseRetryAfter('Sat, 21 Nov 2026 09:00:00 GMT', now)).toBe(0);
    expect(parseRetryAfter(undefined, now)).toBeUndefined();
    expect(parseRetryAfter('-1', now)).toBeUndefined();
    expect(parseRetryAfter('soon', now)).toBeUndefined();
  });
});

describe('decideRetry', () => {
  it('retries a transport error of a GET or DELETE with growing, bounded backoff', () => {
    const waits = [1, 2, 3].map((attempt) =>
      decideRetry('GET', { kind: 'transport', failure: 'reset' }, attempt, policy, half),
    );
    expect(waits).toEqual([
      { retry: true, delayMs: 150 },
      { retry: true, delayMs: 300 },
      { retry: true, delayMs: 600 },
    ]);
    expect(decideRetry('DELETE', { kind: 'transport', failure: 'timeout' }, 1, policy).retry).toBe(true);
    expect(decideRetry('GET', { kind: 'transport', failure: 'reset' }, 4, policy).retry).toBe(false);
    const capped = decideRetry(
      'GET',
      { kind: 'transport', failure: 'reset' },
      10,
      { ...policy, retries: 20 },
      () => 1,
    );
    expect(capped).toEqual({ retry: true, delayMs: policy.maxDelayMs });
  });

  it('never sends a POST again after it may have reached the target (reset, timeout)', () => {
    for (const failure of ['reset', 'timeout', 'other'] as const) {
      expect(decideRetry('POST', { kind: 'transport', failure }, 1, policy).retry).toBe(false);
      expect(decideRetry('PATCH', { kind: 'transport', failure }, 1, policy).retry).toBe(false);
    }
    expect(decideRetry('POST', { kind: 'transport', failure: 'refused' }, 1, policy).retry).toBe(true);
    expect(decideRetry('POST', { kind: 'transport', failure: 'dns' }, 1, policy).retry).toBe(true);
  });

  it('retries 429 and 503 only with a Retry-After it can honour, whatever the method', () => {
    expect(
      decideRetry('POST', { kind: 'response', status: 429, retryAfter: '1' }, 1, policy, () => 0),
    ).toEqual({
      retry: true,
      delayMs: 1000,
    });
    expect(decideRetry('GET', { kind: 'response', status: 503, retryAfter: '0' }, 1, policy).retry).toBe(
      true,
    );
    expect(decideRetry('GET', { kind: 'response', status: 503 }, 1, policy).retry).toBe(false);
    expect(decideRetry('GET', { kind: 'response', status: 429, retryAfter: '3600' }, 1, policy).retry).toBe(
      false,
    );
    expect(decideRetry('GET', { kind: 'response', status: 500, retryAfter: '1' }, 1, policy).retry).toBe(
      false,
    );
    expect(decideRetry('GET', { kind: 'response', status: 200 }, 1, policy).retry).toBe(false);
    expect(
      decideRetry('GET', { kind: 'response', status: 503, retryAfter: '0' }, 1, { ...policy, retries: 0 })
        .retry,
    ).toBe(false);
  });

  it('retries a declined request as often as the target asks, until it has waited maxThrottledMs in all', () => {
    const declined = { kind: 'response', status: 429, retryAfter: '1' } as const;
    expect(decideRetry('GET', declined, 50, policy, () => 0, 0).retry).toBe(true);
    expect(decideRetry('GET', declined, 1, policy, () => 0, policy.maxThrottledMs - 1000)).toEqual({
      retry: true,
      delayMs: 1000,
    });
    expect(decideRetry('GET', declined, 1, policy, () => 0, policy.maxThrottledMs - 999).retry).toBe(false);
  });

  it('calls a 429 / 503 with a readable Retry-After declined, anything else an answer', () => {
    expect(isDeclined(503, '1')).toBe(true);
    expect(isDeclined(429, 'Sat, 21 Nov 2026 10:00:03 GMT')).toBe(true);
    expect(isDeclined(503, undefined)).toBe(false);
    expect(isDeclined(500, '1')).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import type { Outcome } from '../helpers/check/outcome.ts';
import { CircuitBreaker } from './breaker.ts';

const check = (status: Outcome['status'], transport = false): Outcome => ({
  ruleId: 'INT-GET',
  name: 'INT-GET MUST: x',
  status,
  exchanges: [],
  ...(transport ? { transport: true, message: 'not evaluated: GET http://t/v2/x: connection refused' } : {}),
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('CircuitBreaker', () => {
  it('trips when consecutive checks got no answer and the probe gets none either', async () => {
    const reasons: string[] = [];
    const breaker = new CircuitBreaker(
      async () => 'the probe was refused',
      (r) => reasons.push(r),
      3,
    );
    breaker.observe(check('error', true));
    breaker.observe(check('error', true));
    await settle();
    expect(reasons).toEqual([]);
    breaker.observe(check('error', true));
    await settle();
    expect(reasons).toEqual([
      '3 checks in a row got no answer (last: GET http://t/v2/x: connection refused), and the probe was refused',
    ]);
  });

  it('counts a probe that got no answer like a check that got none', async () => {
    const reasons: string[] = [];
    const breaker = new CircuitBreaker(
      async () => 'the probe was refused',
      (r) => reasons.push(r),
      3,
    );
    breaker.observe(check('error', true));
    breaker.unanswered('not evaluated: POST http://t/v2/products: connection refused');
    breaker.unanswered('not evaluated: GET http://t/v2/products: connection refused');
    await settle();
    expect(reasons).toEqual([
      '3 checks in a row got no answer (last: GET http://t/v2/products: connection refused), and the probe was refused',
    ]);
  });

  it('does not trip when the target still answers the probe, or when answers come in between', async () => {
    let probes = 0;
    const reasons: string[] = [];
    const breaker = new CircuitBreaker(
      async () => {
        probes += 1;
        return undefined;
      },
      (r) => reasons.push(r),
      2,
    );
    breaker.observe(check('error', true));
    breaker.observe(check('passed'));
    breaker.observe(check('error', true));
    breaker.observe(check('failed'));
    breaker.observe(check('error', true));
    await settle();
    expect(probes).toBe(0);
    breaker.observe(check('error', true));
    await settle();
    expect(probes).toBe(1);
    expect(reasons).toEqual([]);
  });

  it('never trips on a target that declines requests (429 / 503 with Retry-After): it answers', async () => {
    let probes = 0;
    const reasons: string[] = [];
    const breaker = new CircuitBreaker(
      async () => {
        probes += 1;
        return 'the probe was refused';
      },
      (r) => reasons.push(r),
      2,
    );
    const declined: Outcome = {
      ...check('error'),
      declined: true,
      message: 'not evaluated: declined',
    };
    for (let i = 0; i < 5; i++) breaker.observe(declined);
    breaker.observe(check('error', true));
    breaker.observe(declined);
    breaker.observe(check('error', true));
    await settle();
    expect(probes).toBe(0);
    expect(reasons).toEqual([]);
  });
});

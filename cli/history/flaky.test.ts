import { describe, expect, it } from 'vitest';
import { countFlips, isFlaky } from './history.ts';

describe('countFlips', () => {
  it('counts the changes between consecutive evaluated runs', () => {
    expect(countFlips([])).toBe(0);
    expect(countFlips(['passed'])).toBe(0);
    expect(countFlips(['passed', 'passed', 'passed'])).toBe(0);
    expect(countFlips(['passed', 'failed', 'failed'])).toBe(1);
    expect(countFlips(['passed', 'failed', 'passed'])).toBe(2);
    expect(countFlips(['failed', 'passed', 'error', 'passed'])).toBe(3);
    expect(countFlips(['observed', 'error', 'observed'])).toBe(2);
  });

  it('leaves out runs that did not evaluate the rule (untested, skipped)', () => {
    expect(countFlips(['passed', 'untested', 'passed', 'skipped', 'passed'])).toBe(0);
    expect(countFlips(['passed', 'untested', 'failed', 'skipped', 'failed'])).toBe(1);
    expect(countFlips(['untested', 'skipped', 'untested'])).toBe(0);
  });
});

describe('isFlaky', () => {
  it('takes two flips or more', () => {
    expect(isFlaky(0)).toBe(false);
    expect(isFlaky(1)).toBe(false);
    expect(isFlaky(2)).toBe(true);
    expect(isFlaky(7)).toBe(true);
  });
});

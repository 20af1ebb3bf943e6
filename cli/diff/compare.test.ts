import { describe, expect, it } from 'vitest';
import { collected, report } from '../../test-support/cli/make.ts';
import type { ConformanceReport } from '../report/model.ts';
import { classify, diffReports } from './compare.ts';

function input(r: ConformanceReport, name: string) {
  return { report: r, file: `${name}/conformance.json`, name };
}

describe('classify', () => {
  it('names regressions, fixes, rules still failing, other changes and no change', () => {
    expect(classify('passed', 'failed')).toBe('regression');
    expect(classify('untested', 'failed')).toBe('regression');
    expect(classify('error', 'failed')).toBe('regression');
    expect(classify(null, 'failed')).toBe('regression');
    expect(classify('failed', 'passed')).toBe('fix');
    expect(classify('failed', 'failed')).toBe('still-failing');
    expect(classify('failed', 'error')).toBe('changed');
    expect(classify('failed', 'untested')).toBe('changed');
    expect(classify('passed', 'error')).toBe('changed');
    expect(classify('untested', 'passed')).toBe('changed');
    expect(classify('passed', null)).toBe('changed');
    expect(classify('passed', 'passed')).toBe('unchanged');
    expect(classify('untested', 'untested')).toBe('unchanged');
    expect(classify('observed', 'observed')).toBe('unchanged');
    expect(classify('observed', 'observed', false)).toBe('changed');
  });
});

describe('diffReports', () => {
  const a = report(
    [
      collected('INT-GET', 'passed'),
      collected('INT-SCHEMA', 'failed', { message: 'INT-SCHEMA MUST §2.2: old' }),
      collected('INT-DELETE', 'failed', { message: 'INT-DELETE MUST §2.4: old' }),
      collected('AUTH-STATUS', 'observed', {
        observations: { 'missing token': { status: 401, body: { errors: [{ status: 401 }] } } },
      }),
    ],
    { startedAt: '2026-11-20T02:00:00.000Z' },
  );
  const b = report(
    [
      collected('INT-GET', 'failed', { message: 'INT-GET MUST §2.2: expected 200, got 500\nsecond line' }),
      collected('INT-SCHEMA', 'passed'),
      collected('INT-DELETE', 'failed', { message: 'INT-DELETE MUST §2.4: new' }),
      collected('AUTH-STATUS', 'observed', {
        observations: { 'missing token': { status: 403, body: { errors: [{ status: 403 }] } } },
      }),
    ],
    { startedAt: '2026-11-21T02:00:00.000Z' },
  );
  const diff = diffReports(input(a, 'night1'), input(b, 'night2'));
  const rule = (id: string) => diff.rules.find((r) => r.id === id);

  it('classifies every rule and counts the classes', () => {
    expect(rule('INT-GET')).toMatchObject({
      a: 'passed',
      b: 'failed',
      class: 'regression',
      failure: 'INT-GET MUST §2.2: expected 200, got 500',
    });
    expect(rule('INT-SCHEMA')).toMatchObject({ a: 'failed', b: 'passed', class: 'fix' });
    expect(rule('INT-SCHEMA')?.failure).toBeUndefined();
    expect(rule('INT-DELETE')).toMatchObject({
      class: 'still-failing',
      failure: 'INT-DELETE MUST §2.4: new',
    });
    expect(rule('INT-OBSERVES')).toMatchObject({ a: 'untested', b: 'untested', class: 'unchanged' });
    expect(diff.counts).toEqual({
      regression: 1,
      fix: 1,
      'still-failing': 1,
      changed: 1,
      unchanged: diff.rules.length - 4,
    });
    expect(diff.a).toMatchObject({ name: 'night1', file: 'night1/conformance.json', startedAt: a.startedAt });
  });

  it('puts INFO observations side by side, and a different observation is a change', () => {
    expect(rule('AUTH-STATUS')).toMatchObject({
      class: 'changed',
      observations: {
        a: { 'missing token': { status: 401 } },
        b: { 'missing token': { status: 403 } },
      },
    });
    expect(rule('PAGE-RESULTS-ALL')).toMatchObject({
      class: 'unchanged',
      observations: { a: null, b: null },
    });
    expect(rule('INT-GET')?.observations).toBeUndefined();
    const same = diffReports(input(a, 'x'), input(a, 'y'));
    expect(same.rules.find((r) => r.id === 'AUTH-STATUS')?.class).toBe('unchanged');
    expect(same.counts).toEqual({
      regression: 0,
      fix: 0,
      'still-failing': 2,
      changed: 0,
      unchanged: same.rules.length - 2,
    });
  });

  it('keeps rules that only one report has, as absent on the other side', () => {
    const older = { ...a, rules: a.rules.filter((r) => r.id !== 'INT-GET') };
    const d = diffReports(input(older, 'old'), input(b, 'new'));
    expect(d.rules.find((r) => r.id === 'INT-GET')).toMatchObject({
      a: null,
      b: 'failed',
      class: 'regression',
    });
    const back = diffReports(input(b, 'new'), input(older, 'old'));
    expect(back.rules.at(-1)).toMatchObject({ id: 'INT-GET', a: 'failed', b: null, class: 'changed' });
  });
});

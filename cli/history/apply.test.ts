import { describe, expect, it } from 'vitest';
import { collected, report } from '../../test-support/cli/make.ts';
import { applyHistory, type HistoryRecord } from './history.ts';

const at = (day: number) => `2026-11-${String(day).padStart(2, '0')}T02:00:00.000Z`;

/** A night where INT-GET has `status` and INT-SCHEMA always passes. */
function night(day: number, status: 'passed' | 'failed') {
  return report([collected('INT-GET', status), collected('INT-SCHEMA', 'passed')], { startedAt: at(day) });
}

/** Applies the nights in turn, as report directories do, and returns the last result. */
function nights(statuses: readonly ('passed' | 'failed')[], size = 30) {
  let records: readonly HistoryRecord[] = [];
  let last: ReturnType<typeof applyHistory> | undefined;
  statuses.forEach((status, i) => {
    last = applyHistory(night(i + 1, status), records, size);
    records = last.records;
  });
  if (!last) throw new Error('no night');
  return last;
}

describe('applyHistory', () => {
  it('starts a history with the run, which no rule can be flaky in', () => {
    const { report: r, records } = nights(['failed']);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      startedAt: at(1),
      suiteVersion: '0.1.0',
      target: 'http://127.0.0.1:4010',
      label: 'http://127.0.0.1:4010',
      depth: 'gate',
      exitCode: 1,
    });
    expect(records[0]?.statuses['INT-GET']).toBe('failed');
    expect(records[0]?.statuses['AUTH-STATUS']).toBe('untested');
    expect(Object.keys(records[0]?.statuses ?? {})).toHaveLength(r.rules.length);
    expect(r.history).toEqual({ size: 30, runs: [{ startedAt: at(1) }], flaky: [] });
    expect(r.rules.find((x) => x.id === 'INT-GET')?.history).toEqual({
      statuses: ['failed'],
      flips: 0,
      flaky: false,
    });
  });

  it('appends each run and marks a rule that flipped twice as flaky, and no other', () => {
    const { report: r, records } = nights(['passed', 'failed', 'passed']);
    expect(records.map((x) => x.startedAt)).toEqual([at(1), at(2), at(3)]);
    expect(r.history?.flaky).toEqual(['INT-GET']);
    expect(r.rules.find((x) => x.id === 'INT-GET')?.history).toEqual({
      statuses: ['passed', 'failed', 'passed'],
      flips: 2,
      flaky: true,
    });
    expect(r.rules.find((x) => x.id === 'INT-SCHEMA')?.history?.flaky).toBe(false);
    expect(r.rules.find((x) => x.id === 'INT-SCHEMA')?.history?.statuses).toEqual([
      'passed',
      'passed',
      'passed',
    ]);
  });

  it('a rule a stopped run could not evaluate keeps its strip but does not flip; the record says the run was stopped', () => {
    const stop = { kind: 'deadline' as const, reason: 'deadline' };
    let records: readonly HistoryRecord[] = [];
    const runs = [
      night(1, 'passed'),
      {
        ...report([collected('INT-GET', 'error'), collected('INT-SCHEMA', 'passed')], { startedAt: at(2) }),
        stopped: stop,
      },
      night(3, 'passed'),
    ];
    let last: ReturnType<typeof applyHistory> | undefined;
    for (const run of runs) {
      last = applyHistory(run, records, 30);
      records = last.records;
    }
    expect(records.map((r) => r.stopped)).toEqual([undefined, true, undefined]);
    expect(last?.report.rules.find((x) => x.id === 'INT-GET')?.history).toEqual({
      statuses: ['passed', 'error', 'passed'],
      flips: 0,
      flaky: false,
    });
    // The same error in a run that ended is a flip each way.
    const ended = applyHistory(
      night(4, 'passed'),
      [...records.slice(0, 1), { ...(records[1] as HistoryRecord), stopped: undefined }] as HistoryRecord[],
      30,
    );
    expect(ended.report.rules.find((x) => x.id === 'INT-GET')?.history?.flips).toBe(2);
  });

  it('one flip (a regression that stays) is not flaky', () => {
    const { report: r } = nights(['passed', 'passed', 'failed', 'failed']);
    expect(r.rules.find((x) => x.id === 'INT-GET')?.history).toMatchObject({ flips: 1, flaky: false });
    expect(r.history?.flaky).toEqual([]);
  });

  it('keeps the last N runs: flips that left the window no longer count', () => {
    const { report: r, records } = nights(['passed', 'failed', 'passed', 'passed', 'passed'], 3);
    expect(records.map((x) => x.startedAt)).toEqual([at(3), at(4), at(5)]);
    expect(r.history?.runs).toHaveLength(3);
    expect(r.history?.size).toBe(3);
    expect(r.history?.flaky).toEqual([]);
    expect(r.rules.find((x) => x.id === 'INT-GET')?.history?.statuses).toEqual([
      'passed',
      'passed',
      'passed',
    ]);
  });

  it('replaces the record of a run written again instead of counting it twice', () => {
    const first = applyHistory(night(1, 'passed'), [], 30);
    const again = applyHistory(night(1, 'passed'), first.records, 30);
    expect(again.records).toHaveLength(1);
  });

  it('reads a rule missing from an older record as untested, and records label, seed and depth when the report has them', () => {
    const old = applyHistory(night(1, 'passed'), [], 30).records.map((r) => {
      const { 'INT-GET': _gone, ...statuses } = r.statuses;
      return { ...r, statuses };
    });
    const second = night(2, 'passed');
    const labelled = {
      ...second,
      metadata: { ...second.metadata, label: 'acme', seed: 42, depth: 'deep' as const },
    };
    const { report: r, records } = applyHistory(labelled, old, 30);
    expect(r.rules.find((x) => x.id === 'INT-GET')?.history?.statuses).toEqual(['untested', 'passed']);
    expect(records[1]).toMatchObject({ label: 'acme', seed: 42, depth: 'deep' });
  });
});

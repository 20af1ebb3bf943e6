import { describe, expect, it } from 'vitest';
import { collected, report } from '../test-support/cli/make.ts';
import { MergeError, mergeReports } from './merge.ts';

describe('mergeReports', () => {
  const shard1 = report(
    [collected('INT-GET', 'passed'), collected('INT-SCHEMA', 'failed'), collected('HTTP-NO-5XX', 'passed')],
    { shards: ['1/2'], startedAt: '2026-11-21T10:00:00.000Z', durationMs: 1000 },
  );
  const shard2 = report(
    [
      collected('INT-SCHEMA', 'passed'),
      collected('AUTH-STATUS', 'observed'),
      collected('HTTP-NO-5XX', 'failed'),
    ],
    {
      shards: ['2/2'],
      startedAt: '2026-11-21T10:00:00.500Z',
      durationMs: 2000,
      errors: ['suites/x.ts: boom'],
    },
  );

  it('unions the checks per rule and recomputes every status, the summary and the verdict', () => {
    const merged = mergeReports([shard1, shard2], false);
    const status = (id: string) => merged.rules.find((r) => r.id === id)?.status;
    expect(status('INT-GET')).toBe('passed'); // untested in shard 2
    expect(status('INT-SCHEMA')).toBe('failed'); // failed in one shard
    expect(status('AUTH-STATUS')).toBe('observed');
    expect(status('HTTP-NO-5XX')).toBe('failed');
    expect(status('TXN-SCHEMA')).toBe('untested');
    expect(merged.rules.find((r) => r.id === 'INT-SCHEMA')?.checks).toHaveLength(2);
    expect(merged.summary).toMatchObject({ passed: 1, failed: 2, observed: 1 });
    expect(merged.verdict).toMatchObject({ exitCode: 1, failedMust: ['HTTP-NO-5XX', 'INT-SCHEMA'] });
    expect(merged.shards).toEqual(['1/2', '2/2']);
    expect(merged.errors).toEqual(['suites/x.ts: boom']);
    expect(merged.startedAt).toBe('2026-11-21T10:00:00.000Z');
    expect(merged.durationMs).toBe(2500);
  });

  it('leaves the merged run stopped when a shard was, naming the shard (exit code 2)', () => {
    expect(mergeReports([shard1, shard2], false).stopped).toBeUndefined();
    const stopped = {
      ...shard2,
      stopped: { kind: 'breaker' as const, reason: 'The target stopped answering' },
    };
    const merged = mergeReports([shard1, stopped], false);
    expect(merged.stopped).toEqual({ kind: 'breaker', reason: 'shard 2/2: The target stopped answering' });
    expect(merged.verdict.exitCode).toBe(2);
  });

  it('refuses reports of different targets', () => {
    const other = report([], { target: 'https://other.example' });
    expect(() => mergeReports([shard1, other], false)).toThrow(MergeError);
  });

  it('judges the merged run anew: with the baseline, and every share merged, a rule no shard ran is missing', () => {
    const only = { filter: { rules: ['INT-GET', 'INT-SCHEMA', 'INT-DELETE'], areas: [] } };
    const one = report([collected('INT-GET', 'passed'), collected('INT-SCHEMA', 'failed')], {
      ...only,
      shards: ['1/2'],
      label: 'staging',
      server: 'nginx',
    });
    // Alone, a shard's untested rules are excluded by the shard.
    expect(one.verdict.excluded).toContainEqual({ by: 'shard', rules: ['INT-DELETE'] });
    const two = report([], { ...only, shards: ['2/2'], label: 'staging' });
    const baseline = { file: 'b.json', entries: [{ rule: 'INT-SCHEMA' as const, reason: 'JIRA-3' }] };
    const merged = mergeReports([one, two], false, { baseline });
    expect(merged.verdict).toMatchObject({
      exitCode: 2,
      failedMust: [],
      incomplete: ['INT-DELETE'],
      baseline: { known: ['INT-SCHEMA'] },
    });
    expect(merged.metadata).toMatchObject({
      label: 'staging',
      server: 'nginx',
      selection: { shards: ['1/2', '2/2'] },
    });
    expect(mergeReports([one], false, { label: 'eu' }).verdict).toMatchObject({
      exitCode: 1,
      incomplete: [],
    });
    expect(mergeReports([one], false, { label: 'eu' }).metadata.label).toBe('eu');
  });
});

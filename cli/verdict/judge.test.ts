import { describe, expect, it } from 'vitest';
import { collected, report } from '../../test-support/cli/make.ts';
import type { Baseline } from '../baseline/read.ts';

const only = (...rules: string[]) => ({ filter: { rules, areas: [] } });
const baseline = (...entries: Baseline['entries']): Baseline => ({ file: 'b.json', entries });
const failed = (id: string) => collected(id, 'failed', { message: `${id} MUST §4.2: expected a, got b` });
const markOf = (r: ReturnType<typeof report>, id: string) => r.rules.find((x) => x.id === id)?.baseline;

describe('the verdict with a baseline', () => {
  it('reports a listed failure as known and passes the run; a failure not listed fails it', () => {
    const checks = [failed('INT-GET'), failed('INT-SCHEMA')];
    const run = {
      ...only('INT-GET', 'INT-SCHEMA'),
      baseline: baseline({ rule: 'INT-GET', reason: 'JIRA-1' }),
    };
    const r = report(checks, run);
    expect(markOf(r, 'INT-GET')).toEqual({ mark: 'known', note: 'JIRA-1' });
    expect(markOf(r, 'INT-SCHEMA')).toBeUndefined();
    expect(r.verdict).toMatchObject({
      exitCode: 1,
      outcome: 'failed',
      failedMust: ['INT-SCHEMA'],
      baseline: { file: 'b.json', entries: 1, known: ['INT-GET'], new: ['INT-SCHEMA'], stale: [] },
    });
    const green = report([failed('INT-GET'), collected('INT-SCHEMA', 'passed')], run);
    expect(green.verdict).toMatchObject({ exitCode: 0, outcome: 'passed', failedMust: [] });
    expect(green.rules.find((x) => x.id === 'INT-GET')?.status).toBe('failed');
  });

  it('reports an entry whose rule passes as stale: fatal only with --strict-baseline', () => {
    const run = {
      ...only('INT-GET'),
      baseline: baseline({ rule: 'INT-GET', reason: 'JIRA-1', until: '2099-12-31' }),
    };
    const lenient = report([collected('INT-GET', 'passed')], run);
    expect(markOf(lenient, 'INT-GET')).toEqual({ mark: 'stale', note: 'JIRA-1', until: '2099-12-31' });
    expect(lenient.verdict).toMatchObject({ exitCode: 0, baseline: { stale: ['INT-GET'] } });
    const strict = report([collected('INT-GET', 'passed')], { ...run, strictBaseline: true });
    expect(strict.verdict).toMatchObject({
      exitCode: 1,
      outcome: 'failed',
      strictBaseline: true,
      failedMust: [],
    });
  });

  it('no longer counts an entry past its until date (the day of the run still counts)', () => {
    const entry = { rule: 'INT-GET' as const, reason: 'JIRA-1', until: '2026-11-21' };
    const onTheDay = report([failed('INT-GET')], { ...only('INT-GET'), baseline: baseline(entry) });
    expect(onTheDay.verdict.exitCode).toBe(0);
    const after = report([failed('INT-GET')], {
      ...only('INT-GET'),
      baseline: baseline(entry),
      startedAt: '2026-11-22T00:00:01.000Z',
    });
    expect(markOf(after, 'INT-GET')?.mark).toBe('expired');
    expect(after.verdict).toMatchObject({
      exitCode: 1,
      failedMust: ['INT-GET'],
      baseline: { expired: ['INT-GET'] },
    });
  });

  it('accepts a MUST rule the baseline marks unsupported as not evaluated, but never excuses its failure', () => {
    const run = {
      ...only('TXN-CONFIRM'),
      baseline: baseline({ rule: 'TXN-CONFIRM', unsupported: 'no card_payment_intents gateway' }),
    };
    const skipped = report(
      [collected('TXN-CONFIRM', 'skipped', { reason: 'the target does not offer it' })],
      run,
    );
    expect(skipped.verdict).toMatchObject({
      exitCode: 0,
      incomplete: [],
      baseline: { unsupported: ['TXN-CONFIRM'] },
    });
    expect(report([failed('TXN-CONFIRM')], run).verdict).toMatchObject({
      exitCode: 1,
      failedMust: ['TXN-CONFIRM'],
    });
    expect(report([collected('TXN-CONFIRM', 'passed')], run).verdict.baseline?.stale).toEqual([
      'TXN-CONFIRM',
    ]);
  });

  it('treats SHOULD failures in the baseline as known, and new ones as fatal only under --strict', () => {
    const run = { ...only('INT-NOT-FOUND'), strict: true };
    const should = [collected('INT-NOT-FOUND', 'failed', { message: 'x' })];
    expect(report(should, run).verdict.exitCode).toBe(1);
    const known = report(should, { ...run, baseline: baseline({ rule: 'INT-NOT-FOUND', reason: 'later' }) });
    expect(known.verdict).toMatchObject({
      exitCode: 0,
      failedShould: [],
      baseline: { known: ['INT-NOT-FOUND'] },
    });
  });
});

describe('no vacuous green', () => {
  it('is incomplete (exit 2) when a selected MUST rule was skipped, not evaluated, or never checked', () => {
    const r = report(
      [
        collected('INT-GET', 'skipped', { reason: 'the integration could not be made' }),
        collected('INT-SCHEMA', 'error', { message: 'not evaluated: timeout' }),
        collected('INT-DELETE', 'passed'),
      ],
      only('INT-GET', 'INT-SCHEMA', 'INT-DELETE', 'INT-SELF-LINK'),
    );
    expect(r.verdict).toMatchObject({
      exitCode: 2,
      outcome: 'incomplete',
      incomplete: ['INT-SCHEMA', 'INT-GET', 'INT-SELF-LINK'],
    });
  });

  it('lets a failure win over incompleteness (the run is red either way), listing both', () => {
    const r = report([failed('INT-GET'), collected('INT-SCHEMA', 'error')], only('INT-GET', 'INT-SCHEMA'));
    expect(r.verdict).toMatchObject({ exitCode: 1, failedMust: ['INT-GET'], incomplete: ['INT-SCHEMA'] });
  });

  it('never counts SHOULD or INFO rules that were not evaluated', () => {
    const r = report(
      [collected('INT-NOT-FOUND', 'skipped', { reason: 'x' })],
      only('INT-NOT-FOUND', 'AUTH-STATUS'),
    );
    expect(r.verdict).toMatchObject({ exitCode: 0, incomplete: [] });
  });

  it('lists the MUST rules the filter excluded by name, and does not count them', () => {
    const r = report([collected('INT-GET', 'passed')], only('INT-GET'));
    expect(r.verdict.exitCode).toBe(0);
    const [group] = r.verdict.excluded;
    expect(group?.by).toBe('filter');
    expect(group?.rules).toContain('TXN-LIST');
    expect(group?.rules).not.toContain('INT-GET');
    expect(group?.rules).not.toContain('INT-NOT-FOUND');
  });

  it('excludes untested rules of a shard, until every share is merged', () => {
    const one = report([collected('INT-GET', 'passed')], {
      ...only('INT-GET', 'INT-SCHEMA'),
      shards: ['1/2'],
    });
    expect(one.verdict).toMatchObject({
      exitCode: 0,
      excluded: [{ by: 'filter' }, { by: 'shard', rules: ['INT-SCHEMA'] }],
    });
    const merged = report([collected('INT-GET', 'passed')], {
      ...only('INT-GET', 'INT-SCHEMA'),
      shards: ['1/2', '2/2'],
    });
    expect(merged.verdict).toMatchObject({ exitCode: 2, incomplete: ['INT-SCHEMA'] });
  });

  it('excludes in read-only mode the rules skipped for read-only reasons, not those whose set-up failed', () => {
    const r = report(
      [
        collected('INT-DELETE', 'skipped', {
          reason: 'read-only mode (CONFORMANCE_READ_ONLY=1): this check sends write requests',
        }),
        collected('INT-GET', 'skipped', {
          reason: 'read-only mode without CONFORMANCE_INTEGRATION_ID: no integration to read',
        }),
        collected('INT-SCHEMA', 'skipped', {
          reason: 'the integration could not be made (POST answered 500)',
        }),
      ],
      { ...only('INT-DELETE', 'INT-GET', 'INT-SCHEMA'), readOnly: true },
    );
    expect(r.verdict).toMatchObject({
      exitCode: 2,
      incomplete: ['INT-SCHEMA'],
      excluded: [{ by: 'filter' }, { by: 'read-only', rules: ['INT-GET', 'INT-DELETE'] }],
    });
  });
});

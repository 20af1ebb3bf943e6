import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/catalogue.ts';
import { collected, exchange, report } from '../../test-support/cli/make.ts';
import { MAX_EXCHANGES_PER_CHECK, toCheckResult } from './evidence.ts';

const statusOf = (r: ReturnType<typeof report>, id: string) => r.rules.find((x) => x.id === id)?.status;

describe('buildReport', () => {
  it('has every rule of the catalogue, in catalogue order, untested when no check ran', () => {
    const r = report([]);
    expect(r.rules.map((x) => x.id)).toEqual(RULES.map((x) => x.id));
    expect(r.rules.every((x) => x.status === 'untested' && x.checks.length === 0)).toBe(true);
    expect(r.summary).toEqual({
      passed: 0,
      failed: 0,
      skipped: 0,
      error: 0,
      untested: RULES.length,
      observed: 0,
    });
    // Nothing ran: every MUST rule of the (whole) selection is missing, the run is incomplete.
    const must = RULES.filter((x) => x.level === 'MUST').map((x) => x.id);
    expect(r.verdict).toEqual({
      exitCode: 2,
      outcome: 'incomplete',
      strict: false,
      strictBaseline: false,
      failedMust: [],
      failedShould: [],
      incomplete: must,
      excluded: [],
    });
  });

  it('rolls checks up: failed over error over passed; skipped with the first reason; INFO observed', () => {
    const r = report([
      collected('INT-GET', 'passed'),
      collected('INT-GET', 'failed', { message: 'expected a, got b' }),
      collected('INT-GET', 'error', { message: 'not evaluated: x' }),
      collected('INT-SCHEMA', 'passed'),
      collected('INT-SCHEMA', 'error', { message: 'not evaluated: x' }),
      collected('INT-OBSERVES', 'passed'),
      collected('INT-OBSERVES', 'skipped', { reason: 'later' }),
      collected('INT-DELETE', 'skipped', { reason: 'read-only mode' }),
      collected('INT-DELETE', 'skipped', { reason: 'other' }),
      collected('AUTH-STATUS', 'observed', { observations: { missing: 401 } }),
    ]);
    expect(statusOf(r, 'INT-GET')).toBe('failed');
    expect(statusOf(r, 'INT-SCHEMA')).toBe('error');
    expect(statusOf(r, 'INT-OBSERVES')).toBe('passed');
    expect(r.rules.find((x) => x.id === 'INT-DELETE')).toMatchObject({
      status: 'skipped',
      reason: 'read-only mode',
    });
    expect(r.rules.find((x) => x.id === 'AUTH-STATUS')).toMatchObject({
      status: 'observed',
      observations: { missing: 401 },
    });
    expect(r.summary).toEqual({
      passed: 1,
      failed: 1,
      skipped: 1,
      error: 1,
      observed: 1,
      untested: RULES.length - 5,
    });
    const integrations = r.byArea.find((a) => a.area === 'integrations');
    expect(integrations).toMatchObject({ passed: 1, failed: 1, skipped: 1, error: 1 });
  });

  it('exits 1 on a failed MUST rule; a failed SHOULD rule only in strict mode', () => {
    expect(report([collected('INT-GET', 'failed')]).verdict).toMatchObject({
      exitCode: 1,
      failedMust: ['INT-GET'],
    });
    const only = (...rules: string[]) => ({ filter: { rules, areas: [] } });
    const should = [collected('INT-NOT-FOUND', 'failed')];
    expect(report(should, only('INT-NOT-FOUND')).verdict).toMatchObject({
      exitCode: 0,
      failedShould: ['INT-NOT-FOUND'],
    });
    expect(report(should, { strict: true, ...only('INT-NOT-FOUND') }).verdict).toMatchObject({
      exitCode: 1,
      strict: true,
    });
    // A MUST rule not evaluated leaves the run incomplete (exit code 2), not green.
    expect(report([collected('INT-GET', 'error')], only('INT-GET')).verdict).toMatchObject({
      exitCode: 2,
      incomplete: ['INT-GET'],
    });
  });

  it('turns a check of a rule outside the catalogue into an engine error', () => {
    expect(report([collected('NOT-A-RULE', 'passed')]).errors).toEqual([
      'a check names a rule that is not in the catalogue: NOT-A-RULE MUST: a check',
    ]);
  });
});

describe('toCheckResult', () => {
  it('keeps only a count for a passed check, and the evidence of a failed one, key exchange first', () => {
    const key = exchange('GET', 'http://t/v2/integrations/1', 200, '{"data":{}}');
    const others = Array.from({ length: 20 }, (_, i) => exchange('GET', `http://t/v2/x/${i}`, 200));
    expect(toCheckResult(collected('INT-GET', 'passed', { exchanges: [key, ...others] }))).toEqual({
      name: 'INT-GET MUST: a check',
      status: 'passed',
      exchangeCount: 21,
    });
    const failed = toCheckResult(
      collected('INT-GET', 'failed', { message: 'm', exchanges: [key, ...others], keyExchange: key }),
    );
    expect(failed).toMatchObject({
      status: 'failed',
      message: 'm',
      request: key.request,
      response: key.response,
      curl: key.curl,
      exchangeCount: 21,
    });
    expect(failed.exchanges?.length).toBe(MAX_EXCHANGES_PER_CHECK);
    expect(failed.exchanges?.[0]?.request.url).toBe('http://t/v2/integrations/1');
    expect(failed.exchanges?.at(-1)?.request.url).toBe('http://t/v2/x/19');
  });
});

import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/catalogue.ts';
import { collected, report } from '../../test-support/cli/make.ts';
import { badgeOf, gradeOf, type Score, scoreOf, scoreText, slugify } from './build.ts';

const count = (level: string) => RULES.filter((r) => r.level === level).length;
const MUST = count('MUST');
const SHOULD = count('SHOULD');

/** A report where every rule passes (INFO: observed), but `failed` fail and `left` are not run. */
function run(failed: readonly string[] = [], left: readonly string[] = []) {
  return report(
    RULES.filter((r) => !left.includes(r.id)).map((r) =>
      collected(r.id, failed.includes(r.id) ? 'failed' : r.level === 'INFO' ? 'observed' : 'passed'),
    ),
  );
}

describe('scoreOf', () => {
  it('counts MUST passed of MUST and SHOULD passed of SHOULD, every rule of the level in the total', () => {
    expect(scoreOf(run())).toEqual({
      must: { passed: MUST, failed: 0, total: MUST },
      should: { passed: SHOULD, failed: 0, total: SHOULD },
      info: { observed: count('INFO'), total: count('INFO') },
    });
    const score = scoreOf(run(['INT-GET', 'INT-NOT-FOUND'], ['INT-SCHEMA']));
    expect(score.must).toEqual({ passed: MUST - 2, failed: 1, total: MUST });
    expect(score.should).toEqual({ passed: SHOULD - 1, failed: 1, total: SHOULD });
    expect(scoreText(score)).toBe(`MUST ${MUST - 2}/${MUST} · SHOULD ${SHOULD - 1}/${SHOULD}`);
  });
});

describe('grades and badges', () => {
  const score = (must: [number, number, number], should: [number, number, number]): Score => ({
    must: { passed: must[0], failed: must[1], total: must[2] },
    should: { passed: should[0], failed: should[1], total: should[2] },
    info: { observed: 0, total: 0 },
  });

  it('grades: every rule, every MUST rule, MUST rules left unevaluated, a MUST rule failed', () => {
    expect(gradeOf(score([42, 0, 42], [12, 0, 12]))).toBe('all');
    expect(gradeOf(score([42, 0, 42], [10, 2, 12]))).toBe('must');
    expect(gradeOf(score([42, 0, 42], [10, 0, 12]))).toBe('must');
    expect(gradeOf(score([40, 0, 42], [12, 0, 12]))).toBe('incomplete');
    expect(gradeOf(score([40, 1, 42], [12, 0, 12]))).toBe('failing');
  });

  it('gives a shields.io endpoint badge with the score and a colour by grade', () => {
    expect(badgeOf(score([42, 0, 42], [10, 2, 12]))).toEqual({
      schemaVersion: 1,
      label: 'Commerce API conformance',
      message: 'MUST 42/42 · SHOULD 10/12',
      color: 'yellowgreen',
    });
    expect(badgeOf(score([42, 0, 42], [12, 0, 12])).color).toBe('brightgreen');
    expect(badgeOf(score([41, 0, 42], [12, 0, 12])).color).toBe('lightgrey');
    expect(badgeOf(score([41, 1, 42], [12, 0, 12])).color).toBe('red');
  });

  it('slugifies labels into unique file names', () => {
    const taken = new Set<string>();
    expect(slugify('Acme Shop (EU) v2', taken)).toBe('acme-shop-eu-v2');
    expect(slugify('acme shop eu v2', taken)).toBe('acme-shop-eu-v2-2');
    expect(slugify('https://api.example.com:8443/base', taken)).toBe('https-api-example-com-8443-base');
    expect(slugify('Café ✓', taken)).toBe('cafe');
    expect(slugify('../../etc/passwd', taken)).toBe('etc-passwd');
    expect(slugify('✓✓✓', taken)).toBe('implementation');
    expect(slugify('x'.repeat(100), taken)).toHaveLength(60);
  });
});

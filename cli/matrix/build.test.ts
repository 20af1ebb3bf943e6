import { describe, expect, it } from 'vitest';
import { RULES } from '../../rules/catalogue.ts';
import { collected, report } from '../../test-support/cli/make.ts';
import { buildMatrix } from './build.ts';
import { renderMatrixMarkdown } from './command.ts';

const acme = report([
  collected('INT-GET', 'passed'),
  collected('INT-SCHEMA', 'failed'),
  collected('AUTH-STATUS', 'observed', { observations: { 'missing token': { status: 401 } } }),
]);
const globex = report([
  collected('INT-GET', 'passed'),
  collected('INT-SCHEMA', 'passed'),
  collected('AUTH-STATUS', 'observed', { observations: { 'missing token': { status: 403 } } }),
]);
const matrix = buildMatrix(
  [
    { report: acme, file: 'acme/conformance.json', name: 'Acme' },
    { report: globex, file: 'globex/conformance.json', name: 'Globex' },
    { report: globex, file: 'globex2/conformance.json', name: 'Globex' },
  ],
  new Date('2026-11-22T00:00:00.000Z'),
);
const rule = (id: string) => matrix.rules.find((r) => r.id === id);

describe('buildMatrix', () => {
  it('makes one implementation per report, labels and slugs unique, each with its score', () => {
    expect(matrix.implementations.map((i) => [i.label, i.slug])).toEqual([
      ['Acme', 'acme'],
      ['Globex', 'globex'],
      ['Globex (2)', 'globex-2'],
    ]);
    expect(matrix.implementations[0]?.score.must).toMatchObject({ passed: 1, failed: 1 });
    expect(matrix.implementations[1]?.score.must).toMatchObject({ passed: 2, failed: 0 });
    expect(matrix.generatedAt).toBe('2026-11-22T00:00:00.000Z');
  });

  it('gives every rule in catalogue order its status per implementation and how many pass it', () => {
    expect(matrix.rules.map((r) => r.id)).toEqual(RULES.map((r) => r.id));
    expect(rule('INT-GET')).toMatchObject({ statuses: ['passed', 'passed', 'passed'], passing: 3 });
    expect(rule('INT-SCHEMA')).toMatchObject({ statuses: ['failed', 'passed', 'passed'], passing: 2 });
    expect(rule('INT-DELETE')).toMatchObject({ statuses: ['untested', 'untested', 'untested'], passing: 0 });
    expect(rule('INT-GET')?.observations).toBeUndefined();
  });

  it('keeps what each implementation observed for INFO rules, and counts them as observed', () => {
    expect(rule('AUTH-STATUS')?.passing).toBe(3);
    expect(rule('AUTH-STATUS')?.observations).toEqual([
      { 'missing token': { status: 401 } },
      { 'missing token': { status: 403 } },
      { 'missing token': { status: 403 } },
    ]);
    expect(rule('PAGE-RESULTS-ALL')?.observations).toEqual([null, null, null]);
  });

  it('matrix.md: scores, then rules × implementations with symbols and the passing count', () => {
    const md = renderMatrixMarkdown(matrix);
    expect(md).toContain('| Acme | MUST 1/');
    expect(md).toContain('| Rule | Level | Section | Acme | Globex | Globex (2) | Passing |');
    expect(md).toMatch(/\| `INT-SCHEMA` \| MUST \| §\S+ \| ❌ \| ✅ \| ✅ \| 2\/3 \|/);
    expect(md).toMatch(/\| `AUTH-STATUS` \| INFO \| §5 \| ℹ️ \| ℹ️ \| ℹ️ \| 3\/3 \|/);
  });
});

import { describe, expect, it } from 'vitest';
import { collected, RUN } from '../../test-support/cli/make.ts';
import { depthLine, explorationLine } from '../commands.ts';
import { buildReport, ruleInputs } from './build.ts';
import { toCheckResult } from './evidence.ts';
import { renderHtml } from './html.ts';
import { renderMarkdown } from './markdown.ts';

/** A deep run: PAGE-LIMIT judged 40 distinct generated inputs (3 refused), PAGE-OFFSET two plain checks. */
function deepReport() {
  const exploration = { name: 'pagination/categories', seed: 77, allowance: 50, requests: 48 };
  const checks = [
    collected('PAGE-LIMIT', 'passed', {
      depth: { inputs: 40, skippedInputs: 3, skipReasons: ['page[limit]=0: 4xx'], exploration },
    }),
    collected('PAGE-LIMIT', 'passed', { depth: { inputs: 6, skippedInputs: 0, skipReasons: [] } }),
    collected('PAGE-OFFSET', 'passed'),
    collected('PAGE-OFFSET', 'skipped', { reason: 'no records' }),
    collected('PAGE-OFFSET', 'failed', { message: 'PAGE-OFFSET MUST §2.5: expected x, got y' }),
  ];
  return buildReport(
    { ...RUN, seed: 1234, depth: 'deep', requestBudget: 2000 },
    checks.map((check) => ({ ruleId: check.ruleId, check: toCheckResult(check) })),
  );
}

describe('depth in the reports', () => {
  it('keeps each check’s inputs and exploration, and sums the distinct inputs per rule', () => {
    const report = deepReport();
    const limit = report.rules.find((r) => r.id === 'PAGE-LIMIT');
    expect(limit?.inputs).toBe(46);
    expect(limit?.checks[0]).toMatchObject({ inputs: 40, skippedInputs: 3, exploration: { requests: 48 } });
    // Checks that did not count their inputs judged one each (passed, failed); a skipped one none.
    expect(report.rules.find((r) => r.id === 'PAGE-OFFSET')?.inputs).toBe(2);
    expect(report.rules.find((r) => r.id === 'TXN-LIST')?.inputs).toBe(0);
    expect(ruleInputs([])).toBe(0);
  });

  it('records the seed and the depth in the metadata, and what the exploration spent at the top of the report', () => {
    const report = deepReport();
    expect(report.metadata.seed).toBe(1234);
    expect(report.metadata.depth).toBe('deep');
    expect(report.exploration).toMatchObject({ budget: 2000, requests: 48 });
    const gate = buildReport({ ...RUN, seed: 5, depth: 'gate', requestBudget: 2000 }, []);
    expect(gate.exploration).toBeUndefined();
    expect([gate.metadata.seed, gate.metadata.depth]).toEqual([5, 'gate']);
  });

  it('sums each row over its checks and probes, with what the row borrowed and lent when its last run ended', () => {
    const walks = { name: 'pagination/walks', seed: 1, allowance: 40 };
    const tally = (requests: number, borrowed: number, lent: number) => ({
      depth: {
        inputs: 1,
        skippedInputs: 0,
        skipReasons: [],
        exploration: { ...walks, requests, borrowed, lent },
      },
    });
    // Three checks of one row (the first two ended before the last, which lent what the row left).
    const checks = [
      collected('PAGE-WALK', 'passed', tally(20, 3, 0)),
      collected('PAGE-COUNTS', 'passed', tally(15, 5, 0)),
      collected('PAGE-PREV-NEXT', 'passed', tally(0, 5, 10)),
    ];
    const probe = { name: 'http/methods', seed: 2, allowance: 30, requests: 22, borrowed: 0, lent: 8 };
    const report = buildReport(
      { ...RUN, seed: 1, depth: 'deep', requestBudget: 2000, explorations: [probe] },
      checks.map((check) => ({ ruleId: check.ruleId, check: toCheckResult(check) })),
    );
    expect(report.exploration).toEqual({
      budget: 2000,
      requests: 57,
      rows: {
        'pagination/walks': { allowance: 40, requests: 35, borrowed: 5, lent: 10 },
        'http/methods': { allowance: 30, requests: 22, borrowed: 0, lent: 8 },
      },
    });
  });

  it('shows the figures in the Markdown summary, the HTML report and the command line', () => {
    const report = deepReport();
    const markdown = renderMarkdown(report);
    expect(markdown).toContain(' · 48 of 2000 exploration requests');
    expect(markdown).toMatch(/Depth\W+deep/);
    expect(markdown).toMatch(/Seed\W+1234/);
    expect(markdown).toContain('| `PAGE-LIMIT` | passed | 46 | 46 | 0 | 0 | 0 | 0 | 0 | 0 |');
    const page = renderHtml(report);
    expect(page).toContain('<span class="inputs" title="46 check">46 inputs (46 check)</span>');
    expect(page).toContain('48 of 2000 exploration requests');
    expect(page).toContain('<dt>Seed</dt><dd><code>1234</code></dd>');
    expect(depthLine({ depth: 'deep', seed: 1234, requestBudget: 2000 })).toBe(
      'Depth deep, request budget 2000; seed 1234 (replay with --seed 1234)',
    );
    expect(explorationLine(report)).toBe('Deep exploration: 48 of 2000 budgeted requests sent (seed 1234).');
  });
});

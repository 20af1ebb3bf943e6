import { describe, expect, it } from 'vitest';
import { collected, report } from '../../test-support/cli/make.ts';
import { renderHtml } from './html.ts';
import { renderMarkdown } from './markdown.ts';
import { applyTrend } from './trend.ts';

const DAY1 = '2026-11-19T02:00:00.000Z';
const DAY2 = '2026-11-20T02:00:00.000Z';
const DAY3 = '2026-11-21T02:00:00.000Z';

describe('applyTrend', () => {
  const night1 = applyTrend(
    report(
      [
        collected('INT-GET', 'failed'),
        collected('INT-SCHEMA', 'failed'),
        collected('INT-OBSERVES', 'passed'),
      ],
      {
        startedAt: DAY1,
      },
    ),
    undefined,
  );
  const night2 = applyTrend(
    report(
      [
        collected('INT-GET', 'failed'),
        collected('INT-SCHEMA', 'passed'),
        collected('INT-OBSERVES', 'failed'),
        collected('INT-DELETE', 'passed'),
      ],
      { startedAt: DAY2 },
    ),
    night1,
  );
  const night3 = applyTrend(report([collected('INT-GET', 'failed')], { startedAt: DAY3 }), night2);
  const rule = (r: typeof night2, id: string) => r.rules.find((x) => x.id === id);

  it('without a previous report, dates failures from this run and sets no trend', () => {
    expect(rule(night1, 'INT-GET')).toMatchObject({ failingSince: DAY1 });
    expect(rule(night1, 'INT-GET')?.trend).toBeUndefined();
    expect(night1.changes).toBeUndefined();
  });

  it('says per rule what changed, and since when a rule fails', () => {
    expect(rule(night2, 'INT-GET')).toMatchObject({
      trend: 'still-failing',
      failingSince: DAY1,
      previousStatus: 'failed',
    });
    expect(rule(night2, 'INT-SCHEMA')).toMatchObject({ trend: 'newly-passing', previousStatus: 'failed' });
    expect(rule(night2, 'INT-SCHEMA')?.failingSince).toBeUndefined();
    expect(rule(night2, 'INT-OBSERVES')).toMatchObject({ trend: 'newly-failing', failingSince: DAY2 });
    expect(rule(night2, 'INT-DELETE')).toMatchObject({ trend: 'changed', previousStatus: 'untested' });
    expect(rule(night2, 'TXN-SCHEMA')).toMatchObject({ trend: 'unchanged', previousStatus: 'untested' });
    expect(night2.previous).toEqual({ startedAt: DAY1 });
    expect(night2.changes).toEqual({
      newlyFailing: ['INT-OBSERVES'],
      newlyPassing: ['INT-SCHEMA'],
      stillFailing: ['INT-GET'],
    });
    // The streak start is carried over night after night.
    expect(rule(night3, 'INT-GET')).toMatchObject({ trend: 'still-failing', failingSince: DAY1 });
  });

  it('leads the Markdown and HTML reports with the changes', () => {
    const md = renderMarkdown(night2);
    expect(md).toContain(`### Changes since ${DAY1}`);
    expect(md.indexOf('### Changes')).toBeLessThan(md.indexOf('| Area |'));
    expect(md).toContain('- ❌ newly failing: `INT-OBSERVES`');
    expect(md).toContain('- ✅ newly passing: `INT-SCHEMA`');
    expect(md).toContain('- still failing since 2026-11-19: `INT-GET`');
    const html = renderHtml(night2);
    expect(html.indexOf('id="changes"')).toBeGreaterThan(0);
    expect(html.indexOf('id="changes"')).toBeLessThan(html.indexOf('id="summary"'));
    expect(html).toContain('failing since 2026-11-19');
  });
});

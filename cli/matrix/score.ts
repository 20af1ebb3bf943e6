import type { RuleLevel } from '../../rules/catalogue.ts';
import type { ConformanceReport } from '../report/model.ts';

/** Passed of all, for one level: `total` counts every rule of the level in the report, run or not. */
interface LevelScore {
  readonly passed: number;
  readonly failed: number;
  readonly total: number;
}

/** An implementation's score: MUST passed of MUST, SHOULD passed of SHOULD, INFO observed of INFO. */
export interface Score {
  readonly must: LevelScore;
  readonly should: LevelScore;
  readonly info: { readonly observed: number; readonly total: number };
}

/** The score of a report: a run that left rules out scores lower, never higher. */
export function scoreOf(report: ConformanceReport): Score {
  const level = (name: RuleLevel): LevelScore => {
    const rules = report.rules.filter((r) => r.level === name);
    return {
      passed: rules.filter((r) => r.status === 'passed').length,
      failed: rules.filter((r) => r.status === 'failed').length,
      total: rules.length,
    };
  };
  const info = report.rules.filter((r) => r.level === 'INFO');
  return {
    must: level('MUST'),
    should: level('SHOULD'),
    info: { observed: info.filter((r) => r.status === 'observed').length, total: info.length },
  };
}

/** `MUST 42/42 · SHOULD 10/12`. */
export function scoreText(score: Score): string {
  return `MUST ${score.must.passed}/${score.must.total} · SHOULD ${score.should.passed}/${score.should.total}`;
}

export type Grade = 'all' | 'must' | 'incomplete' | 'failing';

/** How a score reads at a glance: the colour of its badge and of its column head. */
export function gradeOf(score: Score): Grade {
  if (score.must.failed > 0) return 'failing';
  if (score.must.passed < score.must.total) return 'incomplete';
  return score.should.passed === score.should.total ? 'all' : 'must';
}

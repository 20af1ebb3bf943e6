/**
 * Passive judging: traffic the suite did not send (a HAR recording, exchanges through the proxy), judged by
 * the exchange rules exactly as the suite's own journal is (`helpers/judge/`), one exchange at a time, and
 * written as the usual reports. A flow rule is judged where the traffic holds its sequence (a walk through
 * `links.next`: `walks.ts`; what the traffic establishes: `learn.ts`); otherwise it stays `untested`, excluded
 * with the reason "not in the recording", as does any rule the traffic holds nothing for. The knowledge of
 * the run starts empty.
 */
import { resolve } from 'node:path';
import type { ConformanceFailure } from '../../helpers/check/failure.ts';
import { tallyOutcome } from '../../helpers/check/outcome.ts';
import { type Environment, loadIntegerSetting } from '../../helpers/config/config.ts';
import type { JudgingContext } from '../../helpers/judge/judgement.ts';
import { MAX_PAGE_LENGTH } from '../../helpers/limits.ts';
import { openSession, type Session } from '../../helpers/run/session.ts';
import { RULES } from '../../rules/catalogue.ts';
import { loadHistorySize } from '../history/size.ts';
import { buildReport } from '../report/build.ts';
import { toCheckResult } from '../report/evidence.ts';
import { serverHeader } from '../report/metadata.ts';
import type { TrafficSummary } from '../report/model.ts';
import { type WrittenReports, writeReports } from '../report/write.ts';
import { suiteVersion } from '../run.ts';
import { learnFromTraffic } from './learn.ts';
import type { Recorded } from './recorded.ts';
import { TrafficSecrets } from './secrets.ts';
import { RecordedWalks, WALK_RULES } from './walks.ts';

export class PassiveJudging {
  #clock = 0;
  /** While an exchange's facts are learnt: when its answer ended (facts are stamped then, not later). */
  #answeredAt: number | undefined;
  readonly #session: Session;
  readonly #walks: RecordedWalks;
  readonly secrets = new TrafficSecrets();
  #exchanges = 0;
  #judged = 0;
  #server: string | undefined;
  readonly #notJudged = new Map<string, number>();
  readonly #notes: string[] = [];
  readonly startedAt = new Date();

  constructor(readonly settings: Omit<JudgingContext['settings'], 'rules'>) {
    this.#session = openSession({ ...settings, rules: RULES.map((r) => r.id) }, RULES, {
      clock: () => this.#answeredAt ?? this.now(),
      soleClient: false,
      keep: false,
    });
    this.#walks = new RecordedWalks(settings.baseUrl, settings.defaultPageLimit);
  }

  /** The clock an exchange is stamped with when it is sent. */
  now(): number {
    this.#clock += 1;
    return this.#clock;
  }

  /**
   * Judges one exchange of the traffic by every exchange rule whose scope matches; returns the failures.
   * `answeredAt`: the clock when its answer ended, when it is judged later than that (the proxy), so that what
   * it establishes is known to the exchanges sent after it, and only to them.
   */
  add(recorded: Recorded, answeredAt?: number): readonly ConformanceFailure[] {
    if (recorded.kind === 'outside') return [];
    this.#exchanges += 1;
    if (recorded.kind === 'not judged') {
      this.#notJudged.set(recorded.reason, (this.#notJudged.get(recorded.reason) ?? 0) + 1);
      return [];
    }
    const { x } = recorded;
    const { journal, judging, known } = this.#session;
    this.#judged += 1;
    this.#server ??= serverHeader([x.evidence]);
    // Judged and learnt from as it is recorded, its facts stamped when its answer ended.
    this.#answeredAt = answeredAt;
    try {
      journal.record(x);
      learnFromTraffic(known, x);
    } finally {
      this.#answeredAt = undefined;
    }
    const failures = [...judging.failuresOf(x)];
    for (const walked of this.#walks.see(x)) {
      for (const { rule, verdict } of WALK_RULES) {
        const failure = judging.judgeWith(rule, x, (t) => verdict(t, walked));
        if (failure) failures.push(failure);
      }
    }
    return failures;
  }

  /** Something the report says of the traffic as a whole (what it leaves unknown). */
  note(text: string): void {
    if (!this.#notes.includes(text)) this.#notes.push(text);
  }

  /** What was judged so far, as a report records it. */
  summary(sources: readonly string[]): TrafficSummary {
    return {
      sources,
      exchanges: this.#exchanges,
      judged: this.#judged,
      notJudged: [...this.#notJudged].map(([reason, count]) => ({ reason, count })),
      ...(this.#notes.length > 0 ? { notes: [...this.#notes] } : {}),
    };
  }

  /** Writes the reports of what was judged so far into `dir`. */
  write(
    dir: string,
    options: { readonly sources: readonly string[]; readonly strict: boolean; readonly env: Environment },
  ): WrittenReports {
    const checks = this.#session.judging
      .tallies()
      .map((tally) => tallyOutcome(tally, options.sources.join(', ')));
    const label = options.env.CONFORMANCE_LABEL?.trim();
    const report = buildReport(
      {
        suiteVersion: suiteVersion(),
        target: this.settings.baseUrl,
        embedded: false,
        startedAt: this.startedAt.toISOString(),
        durationMs: Date.now() - this.startedAt.getTime(),
        readOnly: false,
        strict: options.strict,
        traffic: this.summary(options.sources),
        ...(label ? { label } : {}),
        ...(this.#server ? { server: this.#server } : {}),
      },
      checks.map((check) => ({ ruleId: check.ruleId, check: toCheckResult(check) })),
    );
    return writeReports(resolve(dir), report, this.secrets.values(), {
      historySize: loadHistorySize(options.env),
    });
  }
}

/** The settings passive judging reads: the base URL, and the default page length of the target. */
export function passiveSettings(baseUrl: string, env: Environment): PassiveJudging['settings'] {
  return {
    baseUrl,
    defaultPageLimit: loadIntegerSetting('CONFORMANCE_DEFAULT_PAGE_LIMIT', 1, MAX_PAGE_LENGTH, env),
  };
}

/**
 * Passive judging: traffic the suite did not send, judged one exchange at a time by the exchange rules as the
 * suite's own journal is, and written as the usual reports; rules it holds nothing for stay `untested`.
 */
import { ACTIONS, INTEGRATION, PAYMENTS, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import type { ConformanceFailure } from '../../helpers/check/failure.ts';
import { tallyOutcome } from '../../helpers/check/outcome.ts';
import { type Environment, loadIntegerSetting } from '../../helpers/config/config.ts';
import type { Exchange } from '../../helpers/http/journal.ts';
import { isObject } from '../../helpers/http/response.ts';
import type { JudgingContext } from '../../helpers/judge/judgement.ts';
import type { Knowledge, SentIntegration } from '../../helpers/judge/knowledge.ts';
import { MAX_PAGE_LENGTH } from '../../helpers/limits.ts';
import { belongsToOrder, listedTransactions } from '../../helpers/provisioning/transactions.ts';
import { openSession, type Session } from '../../helpers/run/session.ts';
import { RULES } from '../../rules/catalogue.ts';
import { loadHistorySize } from '../history/history.ts';
import { serverHeader } from '../report/metadata.ts';
import type { TrafficSummary } from '../report/model.ts';
import type { WrittenReports } from '../report/write.ts';
import { type RunOutcome, writeRun } from '../run.ts';
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
  readonly #inPart = new Map<string, number>();
  /** What the report says of the traffic as a whole (what it leaves unknown). */
  readonly notes: string[] = [];
  readonly startedAt = new Date();

  constructor(readonly settings: Omit<JudgingContext['settings'], 'rules'>) {
    this.#session = openSession({ ...settings, rules: RULES.map((r) => r.id) }, RULES, {
      clock: () => this.#answeredAt ?? this.now(),
      soleClient: false,
      keep: false,
    });
    this.#walks = new RecordedWalks(settings.baseUrl, settings.defaultPageLimit);
  }

  now(): number {
    return ++this.#clock;
  }

  /**
   * Judges one exchange; returns the failures. `answeredAt` (the proxy judges later): when its answer ended, so
   * that what it establishes is known only to the exchanges sent after it.
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
    for (const why of recorded.unknown ?? []) this.#inPart.set(why, (this.#inPart.get(why) ?? 0) + 1);
    this.#server ??= serverHeader([x.evidence]);
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

  summary(sources: readonly string[]): TrafficSummary {
    const inPart = [...this.#inPart].map(([why, n]) => `${n} exchange(s) judged in part: ${why}.`);
    const notes = [...this.notes, ...inPart];
    return {
      sources,
      exchanges: this.#exchanges,
      judged: this.#judged,
      notJudged: [...this.#notJudged].map(([reason, count]) => ({ reason, count })),
      ...(notes.length > 0 ? { notes } : {}),
    };
  }

  /** Writes the reports to the report directory of `env` (default `reports`). */
  write(sources: readonly string[], strict: boolean, env: Environment): WrittenReports {
    const checks = this.#session.judging.tallies().map((tally) => tallyOutcome(tally, sources.join(', ')));
    const run = {
      target: this.settings.baseUrl,
      embedded: false,
      startedAt: this.startedAt,
      readOnly: false,
      strict,
      traffic: this.summary(sources),
      label: env.CONFORMANCE_LABEL?.trim() || undefined,
      server: this.#server,
    };
    const dir = env.CONFORMANCE_REPORT_DIR?.trim() || 'reports';
    return writeRun(dir, run, checks, this.secrets.values(), loadHistorySize(env));
  }
}

export function passiveSettings(baseUrl: string, env: Environment): PassiveJudging['settings'] {
  return {
    baseUrl,
    defaultPageLimit: loadIntegerSetting('CONFORMANCE_DEFAULT_PAGE_LIMIT', 1, MAX_PAGE_LENGTH, env),
  };
}

/** The outcome of a traffic or proxy command that judged nothing: exit code 2 and why. */
export function noVerdict(message: string): RunOutcome {
  return { exitCode: 2, message };
}

const CHECKOUT = '/v2/carts/:cartRef/checkout';

/**
 * Tells the run's knowledge what one exchange of the traffic established, if anything (an integration created,
 * an order checked out, its transactions), so the rules that judge against it can; only answers to a token the
 * target took count.
 */
function learnFromTraffic(known: Knowledge, x: Exchange): void {
  if (!x.response?.ok || x.credentials !== 'token') return;
  if (x.method === 'PUT' || x.method === 'PATCH') {
    if (x.template === INTEGRATION && x.params.id) known.integrationChanged(x.params.id);
    return;
  }
  const data = x.response.data;
  if (x.method === 'POST' && x.template === '/v2/integrations') {
    const sent = isObject(x.body) ? x.body.data : undefined;
    if (isObject(data) && typeof data.id === 'string' && isObject(sent) && isObject(sent.configuration))
      known.integrationCreated(data.id, sent as unknown as SentIntegration);
    return;
  }
  if (x.method === 'POST' && x.template === CHECKOUT) {
    if (isObject(data) && typeof data.id === 'string') known.orderMade(data.id);
    return;
  }
  const orderId = x.params.orderId;
  if (!orderId || ![PAYMENTS, TRANSACTIONS, ...ACTIONS].includes(x.template)) return;
  if (!known.isRunOrder(orderId, Number.POSITIVE_INFINITY)) return;
  const shown =
    x.template === TRANSACTIONS ? (x.query.names.length === 0 ? listedTransactions(x.response) : []) : [data];
  for (const txn of shown ?? []) {
    const ok = isObject(txn) && txn.type === 'transaction' && typeof txn.id === 'string';
    if (ok && belongsToOrder(txn, orderId)) known.transactionMade(orderId, txn.id as string);
  }
}

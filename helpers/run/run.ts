import { inject } from 'vitest';
import { ApiClient } from '../http/client.ts';
import { Journal } from '../http/journal.ts';
import type { RequestBudget } from '../inputs/budget.ts';
import type { ExplorationTally } from '../inputs/record.ts';
import { Judging } from '../judge/judging.ts';
import { Knowledge } from '../judge/knowledge.ts';
import type { RuleDeclaration } from '../judge/rule.ts';
import { runGate, useListingGate } from '../listing/gate.ts';
import { useRunLedger } from '../provisioning/cleanup.ts';
import { Ledger } from '../provisioning/ledger.ts';
import type { RunInfo } from './run-info.ts';

/** What a suite worker thread works with: the run's settings, its client, journal, knowledge and judging. */
export interface CurrentRun {
  readonly info: RunInfo;
  readonly api: ApiClient;
  readonly journal: Journal;
  readonly known: Knowledge;
  readonly judging: Judging;
  /** What the deep explorations of the probes of the suite file running now spent. */
  readonly explorations: ExplorationTally[];
  /** The shares of the request budget of the suite file running now, by row (`helpers/inputs/run.ts`). */
  readonly shares: Map<string, RequestBudget>;
}

let cached: CurrentRun | undefined;

/**
 * The run of this worker thread (inside a conformance suite worker), made on first use: the client records
 * into the thread's journal, whose every entry the knowledge learns from and the exchange rules of `rules`
 * (those the run selected) judge. Also points every `Cleanup` of the thread at the run's ledger, and the run's
 * writes to a listing and the comparisons of its pages at the run's gate (`helpers/listing/gate.ts`).
 */
export function currentRun(rules: readonly RuleDeclaration<never>[] = []): CurrentRun {
  if (!cached) {
    const info = inject('run');
    if (!info) {
      throw new Error('No run information: conformance suites run through the "conformance" vitest project');
    }
    const journal = new Journal();
    const known = new Knowledge(info, () => journal.now());
    const judging = new Judging(
      rules.filter((r) => info.rules.includes(r.id)),
      known,
    );
    journal.listen((entry) => {
      judging.judge(entry);
      known.learn(entry);
    });
    cached = {
      info,
      journal,
      known,
      judging,
      explorations: [],
      shares: new Map(),
      api: new ApiClient({
        baseUrl: info.baseUrl,
        token: info.token,
        timeoutMs: info.timeoutMs,
        secrets: info.secrets,
        retry: { retries: info.retries },
        journal,
      }),
    };
    useRunLedger({
      ledger: new Ledger(info.ledgerFile),
      baseUrl: info.baseUrl,
      embedded: info.embedded,
      runTag: info.runTag,
    });
    useListingGate(runGate(info.runTag));
  }
  return cached;
}

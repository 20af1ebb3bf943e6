import { inject } from 'vitest';
import type { ApiClient } from '../http/client.ts';
import type { RequestBudget } from '../inputs/budget.ts';
import type { Dimension } from '../inputs/coverage.ts';
import type { ExplorationTally } from '../inputs/record.ts';
import type { ExchangeRule } from '../judge/judging.ts';
import { runGate, useListingGate } from '../listing/gate.ts';
import { useRunLedger } from '../provisioning/cleanup.ts';
import { Ledger } from '../provisioning/ledger.ts';
import { clientOf, openSession, type Session } from './session.ts';
import type { Settings } from './settings.ts';

/**
 * What a suite worker thread works with: the run's settings, its session, the client that records into it,
 * and the spend of the suite file running now.
 */
export interface CurrentRun extends Session {
  readonly settings: Settings;
  readonly api: ApiClient;
  /** What the deep explorations of the probes of the suite file running now spent. */
  readonly explorations: ExplorationTally[];
  /** The shares of the request budget of the suite file running now, by row (`helpers/inputs/run.ts`). */
  readonly shares: Map<string, RequestBudget>;
}

let cached: CurrentRun | undefined;

/**
 * The run of this worker thread (inside a conformance suite worker), made on first use: a session
 * (`session.ts`) of the settings the command line provided, judging by the exchange rules of `rules` and
 * reading what the exchanges visit of the space's `dimensions`. Also points every `Cleanup` of the thread at
 * the run's ledger, and the run's writes to a listing and the comparisons of its pages at the run's gate
 * (`helpers/listing/gate.ts`).
 */
export function currentRun(
  rules: readonly ExchangeRule[] = [],
  dimensions: readonly Dimension[] = [],
): CurrentRun {
  if (!cached) {
    const settings = inject('run');
    if (!settings) {
      throw new Error('No run information: conformance suites run through the "conformance" vitest project');
    }
    const session = openSession(settings, rules, { dimensions });
    const api = clientOf(settings, { journal: session.journal });
    cached = { ...session, settings, api, explorations: [], shares: new Map() };
    useRunLedger({
      ledger: new Ledger(settings.ledgerFile),
      baseUrl: settings.baseUrl,
      embedded: settings.embedded,
      runTag: settings.runTag,
    });
    useListingGate(runGate(settings.runTag));
  }
  return cached;
}

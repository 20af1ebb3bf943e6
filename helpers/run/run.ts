import { inject } from 'vitest';
import type { ApiClient } from '../http/client.ts';
import type { RequestBudget, RequestPool } from '../inputs/budget.ts';
import type { Dimension } from '../inputs/coverage.ts';
import type { ExplorationTally } from '../inputs/record.ts';
import type { ExchangeRule } from '../judge/judging.ts';
import { runGate, useListingGate } from '../listing/gate.ts';
import { useRunLedger } from '../provisioning/cleanup.ts';
import { Ledger } from '../provisioning/ledger.ts';
import { clientOf, openSession, type Session } from './session.ts';
import type { Settings } from './settings.ts';

/** What a suite worker thread works with: the run's settings, session, client and the file's spend. */
export interface CurrentRun extends Session {
  readonly settings: Settings;
  readonly api: ApiClient;
  readonly explorations: ExplorationTally[];
  /** The shares of the request budget of the suite file running now, by row. */
  readonly shares: Map<string, RequestBudget>;
  /** What the rows of the files this thread ran left unspent: lent to the rows that go on. */
  readonly pool: RequestPool;
}

let cached: CurrentRun | undefined;

/** The run of this worker thread, made on first use; also sets the thread's ledger and listing gate. */
export function currentRun(rules: readonly ExchangeRule[] = [], dimensions: readonly Dimension[] = []) {
  if (cached) return cached;
  const settings = inject('run');
  if (!settings)
    throw new Error('No run information: conformance suites run through the "conformance" vitest project');
  const session = openSession(settings, rules, { dimensions });
  const api = clientOf(settings, { journal: session.journal });
  cached = { ...session, settings, api, explorations: [], shares: new Map(), pool: { left: 0 } };
  useRunLedger({ ...settings, ledger: new Ledger(settings.ledgerFile) });
  useListingGate(runGate(settings.runTag));
  return cached;
}

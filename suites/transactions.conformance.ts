/**
 * Transactions (§2.1, §3, §4.1): authorize (manual gateway), list, capture, refund, payment-intent confirm.
 * The rules (`rules/transactions/`) judge every exchange as exchange rules; their flows read the probes of
 * this file (`probes/transactions.ts`: the paid orders, the payment-intent purchase). Deep, model-based
 * sequences on new orders (`probes/sequences/orders.ts`), whose writes without valid credentials the
 * authentication rules' flows judge. In read-only mode only the configured order's transactions are listed.
 */
import { describe } from 'vitest';
import { declareFlows } from '../helpers/check/check.ts';
import { suiteRun } from '../helpers/run/suite.ts';
import { replayWithoutCredentials } from '../probes/replay.ts';
import { orderSequences } from '../probes/sequences/orders.ts';
import { SPACE } from '../probes/space/index.ts';
import { transactionProbes } from '../probes/transactions.ts';
import { AREA_RULES, RULES } from '../rules/catalogue.ts';

const run = suiteRun(RULES, SPACE);

describe.concurrent('transactions', () => {
  const probes = transactionProbes(run);
  declareFlows(AREA_RULES.transactions, probes);
  const refusals = orderSequences(run);
  if (run.settings.depth === 'deep' && !run.settings.readOnly)
    declareFlows(AREA_RULES.authentication, refusals);
});

replayWithoutCredentials(run, 'transactions', AREA_RULES.authentication);
run.finish();

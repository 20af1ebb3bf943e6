/**
 * Transactions (§2.1, §3, §4.1), and deep model-based sequences on new orders, whose writes without valid
 * credentials the authentication rules' flows judge.
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

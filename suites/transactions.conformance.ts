/**
 * Transactions (§2.1, §3, §4.1), and deep model-based sequences on new orders, whose writes without valid
 * credentials the authentication rules' flows judge.
 */
import { declareFlows } from '../helpers/check/check.ts';
import { orderSequences } from '../probes/sequences/orders.ts';
import { transactionProbes } from '../probes/transactions.ts';
import { AREA_RULES } from '../rules/catalogue.ts';
import { areaSuite } from './area-suite.ts';

areaSuite('transactions', (run) => {
  declareFlows(AREA_RULES.transactions, transactionProbes(run));
  const refusals = orderSequences(run);
  if (run.settings.depth === 'deep' && !run.settings.readOnly)
    declareFlows(AREA_RULES.authentication, refusals);
});

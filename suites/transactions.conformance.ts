/**
 * Transactions (§2.1, §3, §4.1): authorize (manual gateway), list, capture, refund, payment-intent confirm.
 * The rules (`rules/transactions/`) judge every exchange as exchange rules; their flows read the probes of
 * this file (`probes/transactions.ts`: the paid orders, the payment-intent purchase). In read-only mode only
 * the configured order's transactions are listed.
 */
import { describe } from 'vitest';
import { suiteRun } from '../helpers/run/suite.ts';
import { replayWithoutCredentials } from '../probes/replay.ts';
import { transactionProbes } from '../probes/transactions.ts';
import { REFUSED_WRITE_RULES } from '../rules/authentication/index.ts';
import { RULE_DECLARATIONS } from '../rules/index.ts';
import { TRANSACTION_RULES } from '../rules/transactions/index.ts';

const run = suiteRun(RULE_DECLARATIONS);

describe.concurrent('transactions', () => {
  const probes = transactionProbes(run);
  for (const declared of TRANSACTION_RULES) declared.flows?.(probes);
});

replayWithoutCredentials(run, 'transactions', REFUSED_WRITE_RULES);
run.finish();

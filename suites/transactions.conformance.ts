/**
 * Transactions (§2.1, §3, §4.1): authorize (manual gateway), list, capture, refund, payment-intent confirm.
 *
 * The entry of the transactions area: the shared chains (`transactions/chains.ts`) are made once here and
 * every check asserts on the responses they recorded:
 * - `transactions/list.ts`: the order's transaction list (TXN-LIST and the rules judged on each listed
 *   transaction);
 * - `transactions/payments.ts`: authorize, capture, refund, confirm, unknown transaction ids;
 * - `transactions/answers.ts`: the rules judged on the capture, refund and confirm answers;
 * - `transactions/depth-reference.ts`, `transactions/depth-amounts.ts`: TXN-CAPTURE-REF across references of
 *   several lengths and character sets, TXN-AMOUNT across prices of several magnitudes (issue 10).
 * - `transactions/other-ids.ts`: actions on another order's transaction and on ids that are not UUIDs.
 * In read-only mode only the configured order's transaction list is read.
 */
import { describe } from 'vitest';
import { suiteRun } from '../helpers/run/suite.ts';
import { replayRecorded } from './authentication/recorded.ts';
import { answerChecks } from './transactions/answers.ts';
import { transactionChains } from './transactions/chains.ts';
import { depthAmountChecks } from './transactions/depth-amounts.ts';
import { depthReferenceChecks } from './transactions/depth-reference.ts';
import { listChecks } from './transactions/list.ts';
import { otherIdChecks } from './transactions/other-ids.ts';
import { paymentChecks } from './transactions/payments.ts';

const run = suiteRun();
const chains = transactionChains(run);

describe.concurrent('transactions', () => {
  paymentChecks(chains);
  listChecks(chains);
  answerChecks(chains);
  depthReferenceChecks(chains);
  depthAmountChecks(run);
  otherIdChecks(chains);
});

// Last: once the checks above are done, what they sent is sent again without valid credentials.
replayRecorded(run.info, 'transactions');

/**
 * TXN-SCHEMA (§2.1): every transaction matches the Transaction schema. Judged on each transaction of every
 * successful listing of an order's transactions and on the capture, refund and confirm answers (see
 * `read.ts` for which). A refund answer is judged by the refund schema ("The refund response omits
 * meta"), and so is a listed transaction whose `transaction_type` is `refund` (meta may be absent, complete
 * when present). Not the payment answer: §4.1 does not show it.
 */
import { ACTIONS, REFUND, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onTransactions } from './read.ts';

export default rule('TXN-SCHEMA', {
  exchange: onTransactions([TRANSACTIONS, ...ACTIONS], (txn, at, x, t) => {
    const refund =
      x.template === REFUND || (x.template === TRANSACTIONS && txn.transaction_type === 'refund');
    t.expectSchema(txn, refund ? 'transaction-refund' : 'transaction', at, x.response);
  }),
});

/**
 * TXN-MANUAL-REF (§2.1): a transaction of the `manual` gateway has `reference` `manual`: every one, wherever
 * it appears (listings, a payment answer that is a transaction, capture and refund answers).
 */
import { ACTIONS, PAYMENTS, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onTransactions } from './read.ts';

export default rule('TXN-MANUAL-REF', {
  exchange: onTransactions([TRANSACTIONS, PAYMENTS, ...ACTIONS], (txn, at, x, t) => {
    if (txn.gateway !== 'manual') return;
    t.expectEqual(txn.reference, 'manual', `${at}.reference (gateway manual)`, x.response);
  }),
});

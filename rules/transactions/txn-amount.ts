/**
 * TXN-AMOUNT (§2.1): `amount` equals `meta.display_price.amount` wherever `meta` is present: on each listed
 * transaction, on a payment answer that is a transaction, on the capture, refund and confirm answers. A
 * transaction whose `amount` or `meta.display_price.amount` is missing or not a number is TXN-SCHEMA's.
 */
import { ACTIONS, PAYMENTS, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onTransactions } from './read.ts';

export default rule('TXN-AMOUNT', {
  exchange: onTransactions([TRANSACTIONS, PAYMENTS, ...ACTIONS], (txn, at, x, t) => {
    const price = isObject(txn.meta) ? txn.meta.display_price : undefined;
    if (!isObject(price) || typeof price.amount !== 'number' || typeof txn.amount !== 'number') return;
    t.expectEqual(txn.amount, price.amount, `${at}.amount (= ${at}.meta.display_price.amount)`, x.response);
  }),
});

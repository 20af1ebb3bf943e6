/** A refund is judged by the refund schema; the payment answer not at all (§4.1 does not show it). */
import { ACTIONS, REFUND, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { eachTransaction } from './read.ts';

export default rule({
  id: 'TXN-SCHEMA',
  level: 'MUST',
  section: '§2.1',
  title:
    'Every transaction matches the Transaction schema: `id` UUID, `type` `transaction`, `reference`, `gateway`, `currency` (three letters), `transaction_type`, `status` strings, `amount` integer, `relationships.order.data` `{type: "order", id}`, and, except on a refund, `meta.display_price` `{amount, currency, formatted}` and `meta.timestamps` (ISO 8601 date-times).',
  schemas: ['transaction', 'transaction-refund'],
  exchange: eachTransaction(
    (txn, at, x, t) => {
      const refund =
        x.template === REFUND || (x.template === TRANSACTIONS && txn.transaction_type === 'refund');
      t.expectSchema(txn, refund ? 'transaction-refund' : 'transaction', at, x.response);
    },
    [TRANSACTIONS, ...ACTIONS],
  ),
});

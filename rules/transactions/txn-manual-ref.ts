import { ACTIONS, PAYMENTS, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { transactionAnswers, transactionsOf } from './read.ts';

export default rule({
  id: 'TXN-MANUAL-REF',
  level: 'MUST',
  section: '§2.1',
  title: 'A transaction of the `manual` gateway has `reference` `manual`.',
  exchange: {
    scope: transactionAnswers([TRANSACTIONS, PAYMENTS, ...ACTIONS]),
    judge: (x, t) => {
      for (const { txn, at } of transactionsOf(x, t)) {
        if (txn.gateway !== 'manual') continue;
        t.expectEqual(txn.reference, 'manual', `${at}.reference (gateway manual)`, x.response);
      }
    },
  },
});

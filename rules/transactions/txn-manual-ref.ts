import { rule } from '../../helpers/judge/rule.ts';
import { eachTransaction } from './read.ts';

export default rule({
  id: 'TXN-MANUAL-REF',
  level: 'MUST',
  section: '§2.1',
  title: 'A transaction of the `manual` gateway has `reference` `manual`.',
  exchange: eachTransaction((txn, at, x, t) => {
    if (txn.gateway === 'manual')
      t.expectEqual(txn.reference, 'manual', `${at}.reference (gateway manual)`, x.response);
  }),
});

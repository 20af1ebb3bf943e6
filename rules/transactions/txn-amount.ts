import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { eachTransaction } from './read.ts';

export default rule({
  id: 'TXN-AMOUNT',
  level: 'MUST',
  section: '§2.1',
  title: '`amount` equals `meta.display_price.amount` wherever `meta` is present.',
  exchange: eachTransaction((txn, at, x, t) => {
    const price = isObject(txn.meta) ? txn.meta.display_price : undefined;
    if (!isObject(price) || typeof price.amount !== 'number' || typeof txn.amount !== 'number') return;
    const what = `${at}.amount (= ${at}.meta.display_price.amount)`;
    t.expectEqual(txn.amount, price.amount, what, x.response);
  }),
});

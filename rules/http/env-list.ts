/** ENV-LIST (§2): a list response is `{ "data": [ ... ] }`. */
import { LISTINGS, TRANSACTIONS } from '../../helpers/catalogue/endpoints.ts';
import { onExchanges, rule } from '../../helpers/judge/rule.ts';

export default rule('ENV-LIST', {
  /** Every successful answer of an order's transactions and of the listings. */
  exchange: onExchanges({ methods: ['GET'], paths: [TRANSACTIONS, ...LISTINGS] }, (x, t) =>
    t.expectSchema(x.response.json, 'list-envelope', 'the body', x.response),
  ),
});

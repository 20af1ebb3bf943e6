import { REFUND } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onActionAnswer, onPaidChains } from './read.ts';
import txnAuthorize from './txn-authorize.ts';

export default rule({
  id: 'TXN-REFUND',
  level: 'MUST',
  section: '§3',
  title:
    'Refunding a captured transaction answers `{data: Transaction}` with `transaction_type` `refund` and `status` `complete`.',
  requires: [txnAuthorize],
  exchange: onActionAnswer(
    REFUND,
    (data, x, t) => {
      t.expectEqual(data.transaction_type, 'refund', 'data.transaction_type', x.response);
      t.expectEqual(data.status, 'complete', 'data.status', x.response);
    },
    { succeeds: true },
  ),
  flows: onPaidChains('a transaction the run captured can be refunded', (t, c) => {
    t.need(c.capture?.ok, 'the transaction was not captured');
    const refund = t.need(c.refund, 'the refund was not sent');
    t.attach(c.capture, refund);
    t.expectStatus(refund, '2xx');
  }),
});

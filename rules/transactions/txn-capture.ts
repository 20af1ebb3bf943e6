/**
 * TXN-CAPTURE (§3, §4.1): capturing an authorized transaction answers `{data: Transaction}` with
 * `transaction_type` `capture` and `status` `complete`. Judged on every successful capture of a transaction
 * the run made on the order, sent without a body or with `{data: {custom_reference}}` (`read.ts`); that
 * the capture succeeds at all is TXN-AUTHORIZE's flow ("can then be captured").
 */
import { CAPTURE } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onActionAnswer } from './read.ts';

export default rule('TXN-CAPTURE', {
  exchange: onActionAnswer(CAPTURE, (data, x, t) => {
    t.expectEqual(data.transaction_type, 'capture', 'data.transaction_type', x.response);
    t.expectEqual(data.status, 'complete', 'data.status', x.response);
  }),
});

/** That a capture succeeds at all is the authorize rule's flow. */
import { CAPTURE } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onActionAnswer } from './read.ts';

export default rule({
  id: 'TXN-CAPTURE',
  level: 'MUST',
  section: '§3',
  title:
    'Capturing an authorized transaction answers `{data: Transaction}` with `transaction_type` `capture` and `status` `complete`.',
  exchange: onActionAnswer(
    CAPTURE,
    (data, x, t) => {
      t.expectEqual(data.transaction_type, 'capture', 'data.transaction_type', x.response);
      t.expectEqual(data.status, 'complete', 'data.status', x.response);
    },
    { succeeds: true },
  ),
});

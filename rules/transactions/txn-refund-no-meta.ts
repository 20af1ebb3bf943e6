/** TXN-REFUND-NO-META (§2.1: "The refund response omits meta"): every successful refund answer has no `meta`. */
import { REFUND } from '../../helpers/catalogue/endpoints.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { onActionAnswer } from './read.ts';

export default rule('TXN-REFUND-NO-META', {
  exchange: onActionAnswer(REFUND, (data, x, t) =>
    t.assert(!('meta' in data), 'no data.meta', () => JSON.stringify(data.meta), x.response),
  ),
});

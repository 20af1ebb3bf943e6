/** ENV-SINGLE (§2): a single-resource response is `{ "data": <object> }`. */
import { ACTIONS, CATEGORY, INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import { onExchanges, rule } from '../../helpers/judge/rule.ts';

export default rule('ENV-SINGLE', {
  /** Every successful answer of the endpoints of §4 that answer one resource (a delete answers INT-DELETE's shape). */
  exchange: onExchanges({ methods: ['GET', 'POST'], paths: [INTEGRATION, CATEGORY, ...ACTIONS] }, (x, t) =>
    t.expectSchema(x.response.json, 'single-envelope', 'the body', x.response),
  ),
});

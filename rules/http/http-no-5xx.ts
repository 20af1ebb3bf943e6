/**
 * HTTP-NO-5XX (§7): no request that the suite sends, valid or not, is answered with a 5xx. A 503 with
 * `Retry-After` is the target declining the request for now (it is retried), never judged.
 */
import { onExchanges, rule } from '../../helpers/judge/rule.ts';

export default rule('HTTP-NO-5XX', {
  exchange: onExchanges(
    { methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'], paths: ['*'], status: 'any', credentials: 'any' },
    (x, t) => t.expectStatus(x.response, 'not 5xx'),
  ),
});

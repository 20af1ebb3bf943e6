/** INT-NOT-FOUND (§4.2): reading or deleting an id that does not exist answers 4xx. */
import { INTEGRATION } from '../../helpers/catalogue/endpoints.ts';
import { onExchanges, rule } from '../../helpers/judge/rule.ts';

export default rule('INT-NOT-FOUND', {
  /** Every read and delete of an id the run made up (a fresh UUID, or one that is not a UUID at all). */
  exchange: onExchanges(
    { methods: ['GET', 'DELETE'], paths: [INTEGRATION], status: 'not 5xx' },
    (x, t, known) => {
      t.need(known.isMadeUp(x.params.id as string), 'not an id the run made up');
      t.expectStatus(x.response, '4xx');
    },
  ),
});

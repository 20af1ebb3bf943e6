/**
 * INC-SHAPE (§4.3 include rule 2): `included` is an object keyed by resource name, each value an array (of
 * entities: objects). Judged on every successful answer of an endpoint of §4 that has an `included` key,
 * whatever was asked; what type each entity has is ENV-TYPE's.
 */
import { SPEC_PATHS } from '../../helpers/catalogue/endpoints.ts';
import { onExchanges, rule } from '../../helpers/judge/rule.ts';
import { bodyOf, misshapen } from './read.ts';

export default rule('INC-SHAPE', {
  exchange: onExchanges({ methods: ['GET', 'POST'], paths: SPEC_PATHS }, (x, t) => {
    const body = t.need(bodyOf(x), 'the body is not a JSON object (see ENV-SINGLE, ENV-LIST)');
    t.need('included' in body, 'no included section');
    const wrong = misshapen(body.included);
    t.assert(
      wrong === undefined,
      'included to be an object keyed by resource name, each value an array of entities (objects)',
      () => wrong ?? '',
      x.response,
    );
  }),
});

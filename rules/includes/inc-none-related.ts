/**
 * Judged where nothing asked for is related: the primary data relates nothing, and each name is one §2 shows
 * or one the run made up (or the answer's `included` holds nothing).
 */
import { CATEGORY, INCLUDING } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { primaryOf } from '../../helpers/judge/resources.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { linkagesOf } from '../../helpers/listing/included.ts';
import {
  askedOf,
  asksOnlyShownOrMadeUp,
  bodyOf,
  emptyIncluded,
  holdsEntities,
  knownProducts,
} from './read.ts';

export default rule({
  id: 'INC-NONE-RELATED',
  level: 'MUST',
  section: '§4.3',
  title:
    'With no related entities there is no `included` key at all (not an empty object, not an empty array).',
  exchange: {
    scope: { methods: ['GET'], paths: [...INCLUDING], query: ['include'] },
    judge: (x, t) => {
      const body = t.need(bodyOf(x), 'the body is not a JSON object');
      t.need(
        asksOnlyShownOrMadeUp(askedOf(x), x.template, t.known) ||
          ('included' in body && emptyIncluded(body.included)),
        'include names a resource whose relationship the answer need not show',
      );
      const primary = t.need(primaryOf(x), 'the answer has no data object or array');
      t.need(linkagesOf(body.data).length === 0, 'the primary data relates something');
      t.need(!holdsEntities(body.included), 'the answer includes entities its data does not relate');
      t.need(
        x.template !== CATEGORY || (knownProducts(primary[0]?.value, x, t.known) ?? []).length === 0,
        'the run linked products to the category, which lists none',
      );
      const expected = 'no included key (not {}, not [], not an empty group): nothing asked for is related';
      t.assert(!('included' in body), expected, () => `included: ${show(body.included)}`, x.response);
    },
  },
});

/**
 * Referenced: same id, and the same type or the relationship named after its group. A category that does not
 * relate the products the run linked to it is the category schema's failure.
 */
import { CATEGORIES, CATEGORY, SPEC_PATHS } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { primaryOf } from '../../helpers/judge/resources.ts';
import { rule } from '../../helpers/judge/rule.ts';
import {
  duplicateIncluded,
  type IncludedEntity,
  linkagesOf,
  unreferencedIncluded,
} from '../../helpers/listing/included.ts';
import { bodyOf, misshapen, relatesOtherThanKnown, unlistedIncludedProducts } from './read.ts';

/** The first few entities of a list, as a failure shows them. */
const entities = (list: readonly IncludedEntity[]) =>
  list
    .slice(0, 5)
    .map((e) => `included.${e.key}[${e.index}] {type: ${show(e.type)}, id: ${show(e.id)}}`)
    .join(', ');

export default rule({
  id: 'INC-LINKAGE',
  level: 'SHOULD',
  section: '§4.3',
  title: 'Every included entity is referenced by a relationship of the primary data, and appears once.',
  exchange: {
    scope: { methods: ['GET', 'POST'], paths: SPEC_PATHS },
    judge: (x, t) => {
      const body = t.need(bodyOf(x), 'the body is not a JSON object');
      t.need('included' in body, 'no included section');
      t.need(misshapen(body.included) === undefined, 'included is not an object of arrays');
      const primary = t.need(primaryOf(x), 'the answer has no data object or array');
      t.need(
        ![CATEGORY, CATEGORIES].includes(x.template) ||
          !primary.some(({ value }) => relatesOtherThanKnown(value, x, t.known)),
        'a category does not relate the products the run linked to it',
      );
      t.need(
        !primary.some(({ value }) => unlistedIncludedProducts(x, value) > 0),
        'the category lists none of the products it includes',
      );
      const unreferenced = unreferencedIncluded(body.data, body.included);
      t.assert(
        unreferenced.length === 0,
        'every included entity referenced by a relationship of data (same id, and the same type or the relationship named after its group)',
        () =>
          `not referenced: ${entities(unreferenced)}; linkage of data: ${show(linkagesOf(body.data).map((l) => `${l.relationship}:${String(l.type)}:${String(l.id)}`))}`,
        x.response,
      );
      const twice = duplicateIncluded(body.included);
      const expected = 'each included entity once within its array';
      t.assert(twice.length === 0, expected, () => `repeated: ${entities(twice)}`, x.response);
    },
  },
});

/** An included entity of a group §2 does not show needs only a non-empty string `type`. */
import {
  ACTIONS,
  CATEGORIES,
  CATEGORY,
  INTEGRATION,
  PRODUCTS,
  TRANSACTIONS,
} from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { field, includedKeys, includedOf, primaryOf } from '../../helpers/judge/resources.ts';
import { rule } from '../../helpers/judge/rule.ts';

const KINDS: Record<string, string> = {
  [TRANSACTIONS]: 'transaction',
  [INTEGRATION]: 'integration',
  [CATEGORY]: 'category',
  [CATEGORIES]: 'category',
  [PRODUCTS]: 'product',
  ...Object.fromEntries(ACTIONS.map((path) => [path, 'transaction'])),
};
/** The kind of the entities of an included group the specification shows. */
const INCLUDED: Record<string, string> = { products: 'product', categories: 'category' };

export default rule({
  id: 'ENV-TYPE',
  level: 'MUST',
  section: '§2',
  title: 'Every resource object has a string `type` naming its kind.',
  exchange: {
    scope: { methods: ['GET', 'POST'], paths: Object.keys(KINDS) },
    judge: (x, t) => {
      const primary = t.need(primaryOf(x), 'the answer has no data object or array');
      const listing = x.template === TRANSACTIONS || x.template === CATEGORIES || x.template === PRODUCTS;
      t.need(!listing || Array.isArray(x.response.data), 'a listing whose data is not an array');
      const kind = KINDS[x.template];
      for (const { value, where } of primary)
        t.expectEqual(field(value, 'type'), kind, `${where}.type`, x.response);
      for (const key of includedKeys(x)) {
        for (const { value, where } of includedOf(x, key)) {
          const type = field(value, 'type');
          const what = `${where}.type`;
          if (INCLUDED[key]) t.expectEqual(type, INCLUDED[key], what, x.response);
          else t.assert(typeof type === 'string' && type !== '', `${what} a string`, show(type), x.response);
        }
      }
    },
  },
});

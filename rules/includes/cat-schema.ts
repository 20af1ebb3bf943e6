/**
 * A category also relates exactly the products the run linked to it (provisioning.md), and any products its
 * answer includes.
 */
import { CATEGORIES, CATEGORY, PRODUCTS } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { includedOf, primaryOf } from '../../helpers/judge/resources.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { knownProducts, productIdsOf, sameIds, unlistedIncludedProducts } from './read.ts';

export default rule({
  id: 'CAT-SCHEMA',
  level: 'MUST',
  section: '§2.3',
  title: 'Every category matches the Category schema (§2.3).',
  schemas: ['category'],
  exchange: {
    scope: { methods: ['GET'], paths: [CATEGORIES, CATEGORY, PRODUCTS] },
    judge: (x, t) => {
      const primary = t.need(primaryOf(x), 'the answer has no data object or array');
      const categories = [...(x.template === PRODUCTS ? [] : primary), ...includedOf(x, 'categories')];
      for (const { value, where } of categories) {
        t.expectSchema(value, 'category', where, x.response);
        const unlisted = where === 'data' ? unlistedIncludedProducts(x, value) : 0;
        t.assert(
          unlisted === 0,
          `${where}.relationships.products.data to list the products the answer includes for the category`,
          () => `${show(productIdsOf(value) ?? null)}, with ${unlisted} product(s) in included.products`,
          x.response,
        );
        const linked = knownProducts(value, x, t.known);
        if (!linked) continue;
        const listed = productIdsOf(value) ?? [];
        t.assert(
          sameIds(listed, linked),
          `${where}.relationships.products.data to list exactly the ${linked.length} product(s) the run linked to the category (${show(linked)})`,
          () => show(listed),
          x.response,
        );
      }
    },
  },
});

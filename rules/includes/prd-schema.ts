/** A product also lists the categories the run linked it to, and none of its others (provisioning.md). */
import { CATEGORY, PRODUCTS } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { sameId } from '../../helpers/judge/knowledge.ts';
import { includedOf, primaryOf } from '../../helpers/judge/resources.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { categoryIdsOf, knownCategories } from './read.ts';

export default rule({
  id: 'PRD-SCHEMA',
  level: 'MUST',
  section: '§2.4',
  title:
    'Every product matches the Product schema (§2.4), including the hyphenated `tax-code` (string or null).',
  schemas: ['product'],
  exchange: {
    scope: { methods: ['GET'], paths: [PRODUCTS, CATEGORY] },
    judge: (x, t) => {
      const primary = t.need(primaryOf(x), 'the answer has no data object or array');
      const products = [...(x.template === PRODUCTS ? primary : []), ...includedOf(x, 'products')];
      for (const { value, where } of products) {
        t.expectSchema(value, 'product', where, x.response);
        const known = knownCategories(value, x, t.known);
        if (!known) continue;
        const listed = categoryIdsOf(value) ?? [];
        const lists = (id: string) => listed.some((l) => sameId(l, id));
        t.assert(
          known.linked.every(lists) && !known.others.some(lists),
          `${where}.relationships.categories.data to list the ${known.linked.length} categor${known.linked.length === 1 ? 'y' : 'ies'} the run linked the product to (${show(known.linked)}), and none of its other ones`,
          () => show(listed),
          x.response,
        );
      }
    },
  },
});

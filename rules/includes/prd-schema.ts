/**
 * PRD-SCHEMA (§2.4): every product matches the Product schema (the hyphenated `tax-code` string or null; a
 * relationship to nothing, such as a main image the product does not have, may be absent), wherever it
 * sits: the products listing's data, on every page any area fetches, and `included.products` of any answer.
 */
import { CATEGORY, PRODUCTS } from '../../helpers/catalogue/endpoints.ts';
import { includedOf, primaryOf } from '../../helpers/judge/resources.ts';
import { rule } from '../../helpers/judge/rule.ts';

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
      for (const { value, where } of products) t.expectSchema(value, 'product', where, x.response);
    },
  },
});

/**
 * PRD-SCHEMA (§2.4): every product matches the Product schema (the hyphenated `tax-code` string or null; a
 * relationship to nothing, such as a main image the product does not have, may be absent), wherever it
 * sits: the products listing's data, on every page any area fetches, and `included.products` of any answer.
 */
import { CATEGORY, PRODUCTS } from '../../helpers/catalogue/endpoints.ts';
import { includedOf, primaryOf } from '../../helpers/judge/resources.ts';
import { onExchanges, rule } from '../../helpers/judge/rule.ts';

export default rule('PRD-SCHEMA', {
  exchange: onExchanges({ methods: ['GET'], paths: [PRODUCTS, CATEGORY] }, (x, t) => {
    const primary = t.need(primaryOf(x), 'the answer has no data object or array (see ENV-SINGLE, ENV-LIST)');
    const products = [...(x.template === PRODUCTS ? primary : []), ...includedOf(x, 'products')];
    for (const { value, where } of products) t.expectSchema(value, 'product', where, x.response);
  }),
});

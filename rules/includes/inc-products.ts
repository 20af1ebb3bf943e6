/**
 * Judged when `include` names `products` in every reading, among at most 5 names. When the relationships list
 * none (the category schema's failure), the products are those the run linked to the category.
 */
import { CATEGORY } from '../../helpers/catalogue/endpoints.ts';
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { rule } from '../../helpers/judge/rule.ts';
import { MAX_INCLUDES } from '../../helpers/limits.ts';
import { askedOf, asksEverywhere, bodyOf, knownProducts, misshapen, productIdsOf, sameIds } from './read.ts';

export default rule({
  id: 'INC-PRODUCTS',
  level: 'MUST',
  section: '§4.3',
  title:
    '`GET /v2/categories/:id?include=products` for a category with products answers `included.products`: Product objects whose ids are exactly those in `relationships.products.data`.',
  exchange: {
    scope: { methods: ['GET'], paths: [CATEGORY], query: ['include'], status: 'not 5xx' },
    judge: (x, t) => {
      const asked = askedOf(x);
      t.need(
        asksEverywhere(asked, 'products') && asked.names.length <= MAX_INCLUDES,
        `include does not name products (exactly, in every value) among at most ${MAX_INCLUDES} names`,
      );
      if (!x.response.ok) return t.expectServedAlike(x);
      const body = t.need(bodyOf(x), 'the body is not a JSON object');
      const category = t.need(isObject(body.data) && body.data, 'no data object');
      const listed = productIdsOf(category) ?? [];
      const related = listed.length > 0 ? listed : (knownProducts(category, x, t.known) ?? []);
      t.need(related.length > 0, 'the category has no products (relationships.products.data lists none)');
      t.need(
        !('included' in body) || misshapen(body.included) === undefined,
        'included is not an object of arrays',
      );
      const included = t.expectObject(body.included, 'included (the category has products)', x.response);
      const products = t.expectArray(included.products, 'included.products', x.response);
      const ids = products.map((product) => (isObject(product) ? product.id : undefined));
      t.assert(
        sameIds(ids, related),
        listed.length > 0
          ? `the ids of included.products (as a set) = those of data.relationships.products.data (${show(related)})`
          : `the ids of included.products (as a set) = the products the run linked to the category (${show(related)}; its relationships list none)`,
        () => show(ids),
        x.response,
      );
    },
  },
});

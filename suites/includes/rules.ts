/** The include rules (§4.3, §8): INC-PRODUCTS, INC-SHAPE, INC-NONE-RELATED, INC-UNSUPPORTED, INC-MULTI, INC-LINKAGE, INC-LIMIT. */
import { check } from '../../helpers/check/check.ts';
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { MAX_INCLUDES } from '../../helpers/limits.ts';
import { expectLinkage } from './linkage.ts';
import {
  categoryOf,
  type IncludeReads,
  idSet,
  linkedProductIds,
  NO_CATEGORY,
  NO_EMPTY_CATEGORY,
  PRODUCTS_INCLUDE_PATH,
  productLinkage,
  readOk,
  TOO_MANY_INCLUDES,
  UNSUPPORTED,
} from './reads.ts';

export function includeChecks(reads: IncludeReads): void {
  check(
    'INC-PRODUCTS',
    'GET /v2/categories/:id?include=products answers included.products with exactly the products of the category',
    async (t) => {
      const {
        id,
        productIds = [],
        response,
        body,
      } = await readOk(t, reads.categoryWithProducts, NO_CATEGORY);
      const category = categoryOf(t, body, response);
      t.expectEqual(category.id, id, 'data.id', response);
      // The rule compares included.products with relationships.products.data. When that lists nothing although
      // the run linked products to the category (CAT-SCHEMA's failure), the products the run linked (and only
      // the run links products to its category) are what included.products must hold.
      const linkage = productLinkage(category);
      const byLinkage = linkage !== undefined && (linkage.length > 0 || productIds.length === 0);
      const linked = byLinkage ? (linkage ?? []) : productIds;
      t.need(
        linked.length > 0,
        'CONFORMANCE_CATEGORY_ID names a category without products (relationships.products.data is empty)',
      );
      // An included that is not an object of arrays is INC-SHAPE's failure: nothing here to compare.
      t.need(
        !('included' in body) ||
          (isObject(body.included) &&
            (!('products' in body.included) || Array.isArray(body.included.products))),
        'included is not an object keyed by resource with an array of products (see INC-SHAPE)',
      );
      const included = t.expectObject(body.included, 'included (the category has products)', response);
      const products = t.expectArray(included.products, 'included.products', response);
      products.forEach((product, i) => {
        t.expectEqual(
          isObject(product) ? product.type : undefined,
          'product',
          `included.products[${i}].type`,
          response,
        );
      });
      const includedIds = products.map((product) => (isObject(product) ? product.id : undefined));
      t.expectEqual(
        idSet(includedIds),
        idSet(linked),
        byLinkage
          ? 'the ids of included.products (as a set) = the ids of data.relationships.products.data'
          : 'the ids of included.products (as a set) = the products the run linked to the category (relationships.products.data lists none)',
        response,
      );
    },
  );

  check(
    'INC-SHAPE',
    'included is an object keyed by resource name, each value an array of resource objects',
    async (t) => {
      const answers = await reads.answersWithIncluded();
      t.need(answers.length > 0, 'no answer had an included section to look at');
      for (const { what, response, body } of answers) {
        t.attach(response);
        t.expectSchema(body.included, 'included', `included of ${what}`, response);
      }
    },
  );

  check(
    'INC-NONE-RELATED',
    'GET /v2/categories/:id?include=products for a category without products has no included key at all',
    async (t) => {
      const { response, body } = await readOk(t, reads.categoryWithoutProducts, NO_EMPTY_CATEGORY);
      const linked = linkedProductIds(categoryOf(t, body, response));
      t.need(
        linked.length === 0,
        `the category has products (relationships.products.data lists ${linked.length}), so it cannot show the case of no related entities`,
      );
      t.assert(
        !('included' in body),
        'no included key (not {}, not [], not { products: [] }): the category has no products',
        () => `included: ${show(body.included)}`,
        response,
      );
    },
  );

  check(
    'INC-UNSUPPORTED',
    `GET /v2/categories/:id?include=${UNSUPPORTED} (a category with products) answers 2xx with no included key`,
    async (t) => {
      const { response, body } = await readOk(t, reads.categoryUnsupported, NO_CATEGORY);
      t.assert(
        !('included' in body),
        `no included key (the include ${UNSUPPORTED} is not supported)`,
        () => `included: ${show(body.included)}`,
        response,
      );
    },
  );

  check('INC-MULTI', 'GET /v2/categories/:id?include=products,main_image answers 2xx', async (t) => {
    const r = t.need(await reads.categoryMulti(), NO_CATEGORY);
    t.attach(r.response);
    t.expectStatus(r.response, '2xx');
  });

  check('INC-MULTI', `GET ${PRODUCTS_INCLUDE_PATH} answers 2xx`, async (t) => {
    const response = await reads.productsMulti();
    t.attach(response);
    t.expectStatus(response, '2xx');
  });

  check(
    'INC-LINKAGE',
    'every included entity is referenced by a relationship of the primary data, and appears once in its array',
    async (t) => {
      const answers = await reads.answersWithIncluded();
      t.need(answers.length > 0, 'no answer had an included section to look at');
      for (const { what, response, body } of answers) {
        t.attach(response);
        expectLinkage(t, { body, response, what });
      }
    },
  );

  check(
    'INC-LIMIT',
    `GET /v2/categories/:id with ${MAX_INCLUDES + 1} include values (${TOO_MANY_INCLUDES}) answers 2xx or 4xx`,
    async (t) => {
      const r = t.need(await reads.categoryTooMany(), NO_CATEGORY);
      t.attach(r.response);
      t.assert(
        r.response.statusClass === '2xx' || r.response.statusClass === '4xx',
        'status 2xx or 4xx',
        () => `${r.response.status} ${r.response.text.slice(0, 200)}`,
        r.response,
      );
    },
  );
}

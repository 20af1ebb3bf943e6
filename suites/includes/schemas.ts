/**
 * The resource and envelope rules judged on the answers of the includes area (§2, §2.3, §2.4): CAT-SCHEMA
 * and PRD-SCHEMA (with what the run knows beyond the schema: the products it linked to its category),
 * ENV-SINGLE and ENV-TYPE.
 */
import { check } from '../../helpers/check/check.ts';
import { show } from '../../helpers/check/failure.ts';
import { isObject } from '../../helpers/http/response.ts';
import { includedEntities } from '../../helpers/listing/included.ts';
import {
  categoryOf,
  type IncludeReads,
  idSet,
  NO_CATEGORY,
  NO_EMPTY_CATEGORY,
  PRODUCTS_INCLUDE_PATH,
  productLinkage,
  readForSchema,
} from './reads.ts';

export function schemaChecks(reads: IncludeReads): void {
  check(
    'CAT-SCHEMA',
    'the category read (GET /v2/categories/:id?include=products) matches the Category schema, and relationships.products.data lists the products the run linked to it',
    async (t) => {
      const {
        response,
        body,
        productIds = [],
      } = await readForSchema(t, reads.categoryWithProducts, NO_CATEGORY);
      t.expectSchema(body.data, 'category', 'data', response);
      if (productIds.length === 0) return; // read-only mode: which products the category has is not known
      const linkage = productLinkage(categoryOf(t, body, response));
      t.expectEqual(
        idSet(linkage ?? []),
        idSet(productIds),
        `the ids of data.relationships.products.data (as a set): the products the run linked to the category${linkage === undefined ? ' (relationships.products is absent)' : ''}`,
        response,
      );
    },
  );

  check(
    'CAT-SCHEMA',
    'the category without products (GET /v2/categories/:id?include=products) matches the Category schema, and relates no product',
    async (t) => {
      const { response, body } = await readForSchema(t, reads.categoryWithoutProducts, NO_EMPTY_CATEGORY);
      t.expectSchema(body.data, 'category', 'data', response);
      if (t.run.readOnly) return; // a configured category: the run did not make it
      const linkage = productLinkage(categoryOf(t, body, response)) ?? [];
      t.expectEqual(
        linkage,
        [],
        'data.relationships.products.data, when present, empty (the run made the category and linked nothing to it)',
        response,
      );
    },
  );

  check(
    'CAT-SCHEMA',
    `every category in included.categories of GET ${PRODUCTS_INCLUDE_PATH} matches the Category schema`,
    async (t) => {
      const response = await reads.productsMulti();
      t.attach(response);
      t.need(
        response.ok,
        `GET ${PRODUCTS_INCLUDE_PATH} answered ${response.status}: nothing to look at (see INC-MULTI)`,
      );
      const body = t.expectJsonObject(response);
      const included = isObject(body.included) ? body.included : {};
      const categories = Array.isArray(included.categories) ? included.categories : [];
      t.need(
        categories.length > 0,
        'the answer has no included.categories (no product on the page has a category, or the include is not supported)',
      );
      categories.forEach((category, i) => {
        t.expectSchema(category, 'category', `included.categories[${i}]`, response);
      });
    },
  );

  check(
    'PRD-SCHEMA',
    'every product in included.products of GET /v2/categories/:id?include=products matches the Product schema',
    async (t) => {
      const { response, body } = await readForSchema(t, reads.categoryWithProducts, NO_CATEGORY);
      const included = isObject(body.included) ? body.included : {};
      const products = Array.isArray(included.products) ? included.products : [];
      t.need(products.length > 0, 'the answer has no included.products to look at (see INC-PRODUCTS)');
      products.forEach((product, i) => {
        t.expectSchema(product, 'product', `included.products[${i}]`, response);
      });
    },
  );

  check(
    'PRD-SCHEMA',
    `every product of GET ${PRODUCTS_INCLUDE_PATH} matches the Product schema`,
    async (t) => {
      const response = await reads.productsMulti();
      t.attach(response);
      t.need(
        response.ok,
        `GET ${PRODUCTS_INCLUDE_PATH} answered ${response.status}: nothing to look at (see INC-MULTI)`,
      );
      const data = t.expectArray(response.data, 'data', response);
      t.need(data.length > 0, 'the products listing is empty');
      data.forEach((product, i) => {
        t.expectSchema(product, 'product', `data[${i}]`, response);
      });
    },
  );

  check('ENV-SINGLE', 'GET /v2/categories/:id?include=products answers { data: <object> }', async (t) => {
    const { response, body } = await readForSchema(t, reads.categoryWithProducts, NO_CATEGORY);
    t.expectSchema(body, 'single-envelope', 'the body', response);
  });

  check(
    'ENV-SINGLE',
    'GET /v2/categories/:id?include=products (no products) answers { data: <object> }',
    async (t) => {
      const { response, body } = await readForSchema(t, reads.categoryWithoutProducts, NO_EMPTY_CATEGORY);
      t.expectSchema(body, 'single-envelope', 'the body', response);
    },
  );

  check(
    'ENV-TYPE',
    'the category read has type "category", and every included entity a string type ("product" in included.products)',
    async (t) => {
      const { response, body } = await readForSchema(t, reads.categoryWithProducts, NO_CATEGORY);
      t.expectEqual(categoryOf(t, body, response).type, 'category', 'data.type', response);
      for (const entity of includedEntities(body.included)) {
        const where = `included.${entity.key}[${entity.index}].type`;
        if (entity.key === 'products') t.expectEqual(entity.type, 'product', where, response);
        else
          t.assert(
            typeof entity.type === 'string' && entity.type !== '',
            `${where} a string`,
            show(entity.type),
            response,
          );
      }
    },
  );
}

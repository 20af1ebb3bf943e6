/**
 * Includes (§4.3, §8) and the Category and Product schemas (§2.3, §2.4).
 *
 * The run makes a category with two linked products and a category without products (provisioning.md); in
 * read-only mode it reads the configured ones (CONFORMANCE_CATEGORY_ID, CONFORMANCE_EMPTY_CATEGORY_ID).
 * Six reads, each sent once and shared by the checks:
 * - `GET /v2/categories/:with?include=products`            (INC-PRODUCTS, INC-SHAPE, INC-LINKAGE, schemas)
 * - `GET /v2/categories/:without?include=products`         (INC-NONE-RELATED)
 * - `GET /v2/categories/:with?include=conformance_unsupported` (INC-UNSUPPORTED)
 * - `GET /v2/categories/:with?include=products,main_image` (INC-MULTI)
 * - `GET /v2/products?include=main_image,categories&page[limit]=25` (INC-MULTI, INC-LINKAGE on a listing)
 * - `GET /v2/categories/:with?include=` six names          (INC-LIMIT)
 * §8's advice against including a resource of more than 100 entities is advice only: it is not judged.
 */
import { describe } from 'vitest';
import { check } from '../helpers/check/check.ts';
import type { CheckContext } from '../helpers/check/context.ts';
import { PrerequisiteError, show } from '../helpers/check/failure.ts';
import { createCategory, createProduct, linkProductToCategory } from '../helpers/fixtures/create.ts';
import { once } from '../helpers/fixtures/once.ts';
import { type ApiResponse, isObject } from '../helpers/http/response.ts';
import {
  duplicateIncluded,
  includedEntities,
  linkagesOf,
  unreferencedIncluded,
} from '../helpers/listing/included.ts';
import { suiteRun } from '../helpers/run/suite.ts';

const { info, api, cleanup } = suiteRun();

/** An include name that no endpoint supports. */
const UNSUPPORTED = 'conformance_unsupported';
/** Six include values: more than the soft limit of 5 (§8). */
const SIX_INCLUDES = ['products', 'main_image', 'categories', 'files', 'brands', UNSUPPORTED].join(',');
const PRODUCTS_INCLUDE_PATH = '/v2/products?include=main_image,categories&page[limit]=25';

const NO_CATEGORY = 'read-only mode without CONFORMANCE_CATEGORY_ID: no category with products to read';
const NO_EMPTY_CATEGORY =
  'read-only mode without CONFORMANCE_EMPTY_CATEGORY_ID: no category without products to read';

/** The category with products: made by the run with two linked products, or the configured one. */
const withProducts = once(async (): Promise<{ id: string; productIds: string[] } | undefined> => {
  if (info.readOnly) {
    const id = info.existingIds.categoryWithProducts;
    return id ? { id, productIds: [] } : undefined;
  }
  const [category, ...products] = await Promise.all([
    createCategory(api, info.runTag, cleanup),
    createProduct(api, info.runTag, cleanup),
    createProduct(api, info.runTag, cleanup),
  ]);
  await Promise.all(products.map((product) => linkProductToCategory(api, product.id, category.id)));
  return { id: category.id, productIds: products.map((product) => product.id) };
});

/** The category without products: made by the run, or the configured one. */
const withoutProducts = once(async (): Promise<{ id: string } | undefined> => {
  if (info.readOnly) {
    const id = info.existingIds.categoryWithoutProducts;
    return id ? { id } : undefined;
  }
  return { id: (await createCategory(api, info.runTag, cleanup)).id };
});

/** One read of the category with products, with this include value. */
function readWith(include: string) {
  return once(async () => {
    const category = await withProducts();
    if (!category) return undefined;
    return { ...category, response: await api.get(`/v2/categories/${category.id}?include=${include}`) };
  });
}

const categoryWithProducts = readWith('products');
const categoryUnsupported = readWith(UNSUPPORTED);
const categoryMulti = readWith('products,main_image');
const categoryTooMany = readWith(SIX_INCLUDES);

const categoryWithoutProducts = once(async () => {
  const category = await withoutProducts();
  if (!category) return undefined;
  return { ...category, response: await api.get(`/v2/categories/${category.id}?include=products`) };
});

/** The products listing with two includes, after the run's products exist (or could not be made). */
const productsMulti = once(async () => {
  await withProducts().catch(() => undefined);
  return api.get(PRODUCTS_INCLUDE_PATH);
});

interface Read {
  readonly id: string;
  readonly response: ApiResponse;
  readonly productIds?: string[];
}

/** A read that succeeded (2xx, a JSON object body); skips when there is nothing to read. */
async function readOk(t: CheckContext, read: () => Promise<Read | undefined>, missing: string) {
  const r = t.need(await read(), missing);
  t.attach(r.response);
  t.expectStatus(r.response, '2xx');
  const body = t.expectJsonObject(r.response);
  return { ...r, body };
}

/**
 * A read for the schema and envelope checks: a non-2xx answer is the include rules' failure (INC-PRODUCTS,
 * INC-NONE-RELATED), so here it only skips.
 */
async function readForSchema(t: CheckContext, read: () => Promise<Read | undefined>, missing: string) {
  const r = t.need(await read(), missing);
  t.attach(r.response);
  t.need(
    r.response.ok,
    `${r.response.exchange.request.method} ${new URL(r.response.exchange.request.url).pathname} answered ${r.response.status}: nothing to look at (see the INC- checks)`,
  );
  const body = t.expectJsonObject(r.response);
  return { ...r, body };
}

/** The `data` object of a category read. */
function categoryOf(t: CheckContext, body: Record<string, unknown>, response: ApiResponse) {
  return t.expectObject(body.data, 'data', response);
}

/** The ids of `data.relationships.products.data` (empty when absent). */
function linkedProductIds(category: Record<string, unknown>): unknown[] {
  const relationships = isObject(category.relationships) ? category.relationships : {};
  const products = isObject(relationships.products) ? relationships.products : {};
  return Array.isArray(products.data)
    ? products.data.map((item) => (isObject(item) ? item.id : undefined))
    : [];
}

/**
 * The 2xx answers that have an `included` section, among those that could be sent (a read whose fixture is
 * missing is left out).
 */
async function answersWithIncluded(): Promise<
  { what: string; response: ApiResponse; body: Record<string, unknown> }[]
> {
  const candidates: { what: string; read: () => Promise<ApiResponse | undefined> }[] = [
    {
      what: 'GET /v2/categories/:id?include=products',
      read: async () => (await categoryWithProducts())?.response,
    },
    {
      what: 'GET /v2/categories/:id?include=products,main_image',
      read: async () => (await categoryMulti())?.response,
    },
    { what: `GET ${PRODUCTS_INCLUDE_PATH}`, read: productsMulti },
  ];
  const out: { what: string; response: ApiResponse; body: Record<string, unknown> }[] = [];
  for (const candidate of candidates) {
    let response: ApiResponse | undefined;
    try {
      response = await candidate.read();
    } catch (error) {
      if (error instanceof PrerequisiteError) continue;
      throw error;
    }
    const body = response?.json;
    if (response?.ok && isObject(body) && 'included' in body)
      out.push({ what: candidate.what, response, body });
  }
  return out;
}

describe.concurrent('includes', () => {
  check(
    'INC-PRODUCTS',
    'GET /v2/categories/:id?include=products answers included.products with exactly the products of relationships.products.data',
    async (t) => {
      const { id, productIds = [], response, body } = await readOk(t, categoryWithProducts, NO_CATEGORY);
      const category = categoryOf(t, body, response);
      t.expectEqual(category.id, id, 'data.id', response);
      const linked = linkedProductIds(category);
      if (productIds.length > 0) {
        for (const productId of productIds) {
          t.assert(
            linked.includes(productId),
            `data.relationships.products.data to list the product ${productId} linked to the category`,
            () => show(linked),
            response,
          );
        }
      } else {
        t.need(
          linked.length > 0,
          'CONFORMANCE_CATEGORY_ID names a category without products (relationships.products.data is empty)',
        );
      }
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
      const asSet = (ids: unknown[]) => [...new Set(ids.map((value) => show(value)))].sort();
      t.expectEqual(
        asSet(includedIds),
        asSet(linked),
        'the ids of included.products (as a set) = the ids of data.relationships.products.data',
        response,
      );
    },
  );

  check(
    'INC-SHAPE',
    'included is an object keyed by resource name, each value an array of resource objects',
    async (t) => {
      const answers = await answersWithIncluded();
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
      const { response, body } = await readOk(t, categoryWithoutProducts, NO_EMPTY_CATEGORY);
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
      const { response, body } = await readOk(t, categoryUnsupported, NO_CATEGORY);
      t.assert(
        !('included' in body),
        `no included key (the include ${UNSUPPORTED} is not supported)`,
        () => `included: ${show(body.included)}`,
        response,
      );
    },
  );

  check('INC-MULTI', 'GET /v2/categories/:id?include=products,main_image answers 2xx', async (t) => {
    const r = t.need(await categoryMulti(), NO_CATEGORY);
    t.attach(r.response);
    t.expectStatus(r.response, '2xx');
  });

  check('INC-MULTI', `GET ${PRODUCTS_INCLUDE_PATH} answers 2xx`, async (t) => {
    const response = await productsMulti();
    t.attach(response);
    t.expectStatus(response, '2xx');
  });

  check(
    'INC-LINKAGE',
    'every included entity is referenced by a relationship of the primary data, and appears once in its array',
    async (t) => {
      const answers = await answersWithIncluded();
      t.need(answers.length > 0, 'no answer had an included section to look at');
      for (const { what, response, body } of answers) {
        t.attach(response);
        const unreferenced = unreferencedIncluded(body.data, body.included);
        t.assert(
          unreferenced.length === 0,
          `every entity of included (${what}) referenced by a relationship of data (same id, and the same type or the relationship named after the group)`,
          () =>
            `not referenced: ${unreferenced
              .slice(0, 5)
              .map((e) => `included.${e.key}[${e.index}] {type: ${show(e.type)}, id: ${show(e.id)}}`)
              .join(
                ', ',
              )}; linkage of data: ${show(linkagesOf(body.data).map((l) => `${l.relationship}:${String(l.type)}:${String(l.id)}`))}`,
          response,
        );
        const twice = duplicateIncluded(body.included);
        t.assert(
          twice.length === 0,
          `each entity once within its included array (${what})`,
          () =>
            `repeated: ${twice.map((e) => `included.${e.key}[${e.index}] {type: ${show(e.type)}, id: ${show(e.id)}}`).join(', ')}`,
          response,
        );
      }
    },
  );

  check(
    'INC-LIMIT',
    `GET /v2/categories/:id with 6 include values (${SIX_INCLUDES}) answers 2xx or 4xx`,
    async (t) => {
      const r = t.need(await categoryTooMany(), NO_CATEGORY);
      t.attach(r.response);
      t.assert(
        r.response.statusClass === '2xx' || r.response.statusClass === '4xx',
        'status 2xx or 4xx',
        () => `${r.response.status} ${r.response.text.slice(0, 200)}`,
        r.response,
      );
    },
  );

  check(
    'CAT-SCHEMA',
    'the category read (GET /v2/categories/:id?include=products) matches the Category schema',
    async (t) => {
      const { response, body } = await readForSchema(t, categoryWithProducts, NO_CATEGORY);
      t.expectSchema(body.data, 'category', 'data', response);
    },
  );

  check(
    'CAT-SCHEMA',
    'the category without products (GET /v2/categories/:id?include=products) matches the Category schema',
    async (t) => {
      const { response, body } = await readForSchema(t, categoryWithoutProducts, NO_EMPTY_CATEGORY);
      t.expectSchema(body.data, 'category', 'data', response);
    },
  );

  check(
    'CAT-SCHEMA',
    `every category in included.categories of GET ${PRODUCTS_INCLUDE_PATH} matches the Category schema`,
    async (t) => {
      const response = await productsMulti();
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
      const { response, body } = await readForSchema(t, categoryWithProducts, NO_CATEGORY);
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
      const response = await productsMulti();
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
    const { response, body } = await readForSchema(t, categoryWithProducts, NO_CATEGORY);
    t.expectSchema(body, 'single-envelope', 'the body', response);
  });

  check(
    'ENV-SINGLE',
    'GET /v2/categories/:id?include=products (no products) answers { data: <object> }',
    async (t) => {
      const { response, body } = await readForSchema(t, categoryWithoutProducts, NO_EMPTY_CATEGORY);
      t.expectSchema(body, 'single-envelope', 'the body', response);
    },
  );

  check(
    'ENV-TYPE',
    'the category read has type "category", and every included entity a string type ("product" in included.products)',
    async (t) => {
      const { response, body } = await readForSchema(t, categoryWithProducts, NO_CATEGORY);
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
});

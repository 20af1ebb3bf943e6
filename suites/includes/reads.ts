/**
 * The shared reads of the includes area (§4.3, §8), each sent once per run. The run makes a category with
 * two linked products and a category without products (provisioning.md); in read-only mode it reads the
 * configured ones (CONFORMANCE_CATEGORY_ID, CONFORMANCE_EMPTY_CATEGORY_ID):
 * - `GET /v2/categories/:with?include=products`            (INC-PRODUCTS, INC-SHAPE, INC-LINKAGE, schemas)
 * - `GET /v2/categories/:without?include=products`         (INC-NONE-RELATED)
 * - `GET /v2/categories/:with?include=conformance_unsupported` (INC-UNSUPPORTED)
 * - `GET /v2/categories/:with?include=products,main_image` (INC-MULTI)
 * - `GET /v2/products?include=main_image,categories&page[limit]=25` (INC-MULTI, INC-LINKAGE on a listing)
 * - `GET /v2/categories/:with?include=` six names          (INC-LIMIT)
 */
import type { CheckContext } from '../../helpers/check/context.ts';
import { PrerequisiteError, show } from '../../helpers/check/failure.ts';
import { createCategory, createProduct, linkProductToCategory } from '../../helpers/fixtures/create.ts';
import { once } from '../../helpers/fixtures/once.ts';
import { type ApiResponse, isObject } from '../../helpers/http/response.ts';
import { MAX_INCLUDES } from '../../helpers/limits.ts';
import type { suiteRun } from '../../helpers/run/suite.ts';

/** What the entry module's `suiteRun()` gave. */
export type SuiteRun = ReturnType<typeof suiteRun>;

/** An include name that no endpoint supports. */
export const UNSUPPORTED = 'conformance_unsupported';
/** Include values, supported or not, to ask for more than the soft limit. */
const INCLUDE_NAMES = ['products', 'main_image', 'categories', 'files', 'brands', UNSUPPORTED, 'variations'];
/** One include value more than the soft limit of §8. */
export const TOO_MANY_INCLUDES = INCLUDE_NAMES.slice(0, MAX_INCLUDES + 1).join(',');
export const PRODUCTS_INCLUDE_PATH = '/v2/products?include=main_image,categories&page[limit]=25';

export const NO_CATEGORY =
  'read-only mode without CONFORMANCE_CATEGORY_ID: no category with products to read';
export const NO_EMPTY_CATEGORY =
  'read-only mode without CONFORMANCE_EMPTY_CATEGORY_ID: no category without products to read';

/** One category read. `productIds`: the products the run linked to the category (none in read-only mode). */
export interface Read {
  readonly id: string;
  readonly response: ApiResponse;
  readonly productIds?: readonly string[];
}

/** An answer that has an `included` section. */
export interface WithIncluded {
  readonly what: string;
  readonly response: ApiResponse;
  readonly body: Record<string, unknown>;
}

/** A read that succeeded (2xx, a JSON object body); skips when there is nothing to read. */
export async function readOk(t: CheckContext, read: () => Promise<Read | undefined>, missing: string) {
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
export async function readForSchema(t: CheckContext, read: () => Promise<Read | undefined>, missing: string) {
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
export function categoryOf(t: CheckContext, body: Record<string, unknown>, response: ApiResponse) {
  return t.expectObject(body.data, 'data', response);
}

/** The ids of `relationships.products.data` of a category, or undefined when it has no such array. */
export function productLinkage(category: Record<string, unknown>): unknown[] | undefined {
  const relationships = isObject(category.relationships) ? category.relationships : {};
  const products = isObject(relationships.products) ? relationships.products : {};
  return Array.isArray(products.data)
    ? products.data.map((item) => (isObject(item) ? item.id : undefined))
    : undefined;
}

/** The ids of `relationships.products.data` of a category (empty when absent). */
export function linkedProductIds(category: Record<string, unknown>): unknown[] {
  return productLinkage(category) ?? [];
}

/** Ids as a sorted set of their JSON forms, to compare two lists of ids whatever their order. */
export function idSet(ids: readonly unknown[]): string[] {
  return [...new Set(ids.map((value) => show(value)))].sort();
}

/** The shared reads of one run (the entry module makes them once). */
export function includeReads({ info, api, cleanup }: SuiteRun) {
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
  const readWith = (include: string) =>
    once(async (): Promise<Read | undefined> => {
      const category = await withProducts();
      if (!category) return undefined;
      return { ...category, response: await api.get(`/v2/categories/${category.id}?include=${include}`) };
    });

  const categoryWithoutProducts = once(async (): Promise<Read | undefined> => {
    const category = await withoutProducts();
    if (!category) return undefined;
    return { ...category, response: await api.get(`/v2/categories/${category.id}?include=products`) };
  });

  /** The products listing with two includes, after the run's products exist (or could not be made). */
  const productsMulti = once(async () => {
    await withProducts().catch(() => undefined);
    return api.get(PRODUCTS_INCLUDE_PATH);
  });

  const categoryWithProducts = readWith('products');
  const categoryMulti = readWith('products,main_image');

  /**
   * The 2xx answers that have an `included` section, among those that could be sent (a read whose fixture
   * is missing is left out).
   */
  async function answersWithIncluded(): Promise<WithIncluded[]> {
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
    const out: WithIncluded[] = [];
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

  return {
    /** The category with products (made by the run, or the configured one), for the depth checks. */
    category: withProducts,
    categoryWithProducts,
    categoryWithoutProducts,
    categoryUnsupported: readWith(UNSUPPORTED),
    categoryMulti,
    categoryTooMany: readWith(TOO_MANY_INCLUDES),
    productsMulti,
    answersWithIncluded,
  };
}

export type IncludeReads = ReturnType<typeof includeReads>;

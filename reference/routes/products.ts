import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { parseInclude } from '../http/include-param.ts';
import type { Query } from '../http/pagination-params.ts';
import { serializeCategory } from '../serialize/category.ts';
import { categoriesOfProducts, includedSection } from '../serialize/included.ts';
import { serializeProduct } from '../serialize/product.ts';
import { createProduct, deleteProduct, linkProductToCategories } from '../store/catalog.ts';
import type { ProductRecord } from '../store/records.ts';
import { categoryLinksBody, newProductBody } from '../validation/bodies.ts';
import { validateBody } from '../validation/check.ts';
import { listing } from './listing.ts';

/**
 * The includes a product supports (§4.3 rule 5): `categories`, and `files` and `main_image`, which are always
 * empty here (no files, no images). Any other name is ignored (§4.3 rule 4).
 */
function productIncludes(
  ctx: ReferenceContext,
  names: readonly string[],
  products: readonly ProductRecord[],
) {
  return includedSection({
    ...(names.includes('categories')
      ? { categories: categoriesOfProducts(ctx.store, products).map(serializeCategory) }
      : {}),
  });
}

/** Products: create, list (with `include`), read, delete, and link to categories (provisioning.md §Catalog). */
export function registerProductRoutes(app: FastifyInstance, ctx: ReferenceContext): void {
  const { store } = ctx;

  app.post('/products', async (request, reply) => {
    const { data } = validateBody(newProductBody, request.body);
    const product = createProduct(store, {
      name: data.name,
      slug: data.slug,
      sku: data.sku,
      description: data.description,
      manageStock: data.manage_stock,
      price: data.price.map((p) => ({ amount: p.amount, currency: p.currency, includesTax: p.includes_tax })),
      status: data.status,
      commodityType: data.commodity_type,
      taxCode: data['tax-code'] ?? null,
    });
    return reply.code(201).send({ data: serializeProduct(product) });
  });

  app.get<{ Querystring: Query }>('/products', async (request) => {
    const include = parseInclude(request.query);
    return listing(ctx, request, {
      path: '/v2/products',
      collection: store.products,
      hardOffsetLimit: false,
      serialize: serializeProduct,
      included: (page) => productIncludes(ctx, include, page),
    });
  });

  app.get<{ Params: { id: string }; Querystring: Query }>('/products/:id', async (request) => {
    const product = store.products.require(request.params.id, 'product');
    const include = parseInclude(request.query);
    return { data: serializeProduct(product), ...productIncludes(ctx, include, [product]) };
  });

  app.delete<{ Params: { id: string } }>('/products/:id', async (request) => {
    const product = deleteProduct(store, request.params.id);
    return { data: { type: 'product', id: product.id } };
  });

  app.post<{ Params: { id: string } }>('/products/:id/relationships/categories', async (request) => {
    const product = store.products.require(request.params.id, 'product');
    const { data } = validateBody(categoryLinksBody, request.body);
    linkProductToCategories(
      store,
      product,
      data.map((link) => link.id),
      (index) => `data[${index}].id`,
    );
    return { data: serializeProduct(product).relationships.categories.data };
  });
}

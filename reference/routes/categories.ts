import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { parseInclude } from '../http/include-param.ts';
import type { Query } from '../http/pagination-params.ts';
import { serializeCategory } from '../serialize/category.ts';
import { includedSection, productsOfCategory } from '../serialize/included.ts';
import { serializeProduct } from '../serialize/product.ts';
import { createCategory, deleteCategory } from '../store/catalog.ts';
import { newCategoryBody } from '../validation/bodies.ts';
import { validateBody } from '../validation/check.ts';
import { listing } from './listing.ts';

/** Categories: create, list, read (with `include=products`, §4.3) and delete (provisioning.md §Catalog). */
export function registerCategoryRoutes(app: FastifyInstance, ctx: ReferenceContext): void {
  const { store } = ctx;

  app.post('/categories', async (request, reply) => {
    const { data } = validateBody(newCategoryBody, request.body);
    const category = createCategory(store, {
      name: data.name,
      slug: data.slug,
      description: data.description,
      status: data.status,
      backgroundColour: data.background_colour,
      backgroundImage: data.background_image,
    });
    return reply.code(201).send({ data: serializeCategory(category) });
  });

  // §4.3: the category listing takes only page parameters; `include` is not supported there and ignored.
  app.get<{ Querystring: Query }>('/categories', async (request) =>
    listing(ctx, request, {
      path: '/v2/categories',
      collection: store.categories,
      hardOffsetLimit: false,
      serialize: serializeCategory,
      withAll: true,
    }),
  );

  app.get<{ Params: { id: string }; Querystring: Query }>('/categories/:id', async (request) => {
    const category = store.categories.require(request.params.id, 'category');
    const include = parseInclude(request.query);
    // §4.3: `products` is the include a category supports; with no linked products there is no `included`.
    const products = include.includes('products') ? productsOfCategory(store, category) : [];
    return {
      data: serializeCategory(category),
      ...includedSection({ products: products.map(serializeProduct) }),
    };
  });

  app.delete<{ Params: { id: string } }>('/categories/:id', async (request) => {
    const category = deleteCategory(store, request.params.id);
    return { data: { type: 'category', id: category.id } };
  });
}

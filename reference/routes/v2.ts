import type { FastifyInstance } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { pageUrl, requestOrigin } from '../http/links.ts';
import { parseInclude, parsePageParams, type Query } from '../http/params.ts';
import { paginationLinks, paginationMeta } from '../serialize/listing.ts';
import {
  categoriesOfProducts,
  includedSection,
  productsOfCategory,
  serializeCartItems,
  serializeCategory,
  serializeIntegration,
  serializeOrder,
  serializeProduct,
  serializeTransaction,
} from '../serialize/resources.ts';
import * as catalog from '../store/catalog.ts';
import { addToCart, checkout } from '../store/checkout.ts';
import * as payments from '../store/payments.ts';
import type { OrderRecord, ProductRecord, TransactionRecord } from '../store/records.ts';
import type { Collection } from '../store/store.ts';
import * as bodies from '../validation/bodies.ts';
import { validateBody } from '../validation/check.ts';

/** How one listing endpoint lists (§2.5). */
interface ListingSpec<R extends { id: string }> {
  collection: Collection<R>;
  /** §8: `/v2/orders` and `/v2/files` reject offsets above `OFFSET_LIMIT` (limits.ts); the others serve them. */
  hardOffsetLimit?: boolean;
  serialize: (record: R) => unknown;
  /** The `included` section for the records of a page and the `include` names, where the endpoint has it. */
  included?: (page: R[], include: string[]) => { included?: Record<string, unknown[]> };
  /** Adds `meta.results.all` (§2.5: present in the category examples). */
  withAll?: boolean;
}

type ById = { Params: { id: string }; Querystring: Query };
type OfTransaction = { Params: { orderId: string; transactionId: string } };

/**
 * The `/v2` routes (provisioning.md, §4): products and categories (create, list, read with `include`, delete,
 * link), files (a listing that is always empty: no upload here), carts and checkout (a cart comes into being
 * when something is added to it), orders, their payments and transactions, and integrations (webhook
 * subscriptions). Deletes answer `{ data: { type, id } }` (§4.2); an unknown id is 404.
 */
export function registerV2Routes(app: FastifyInstance, ctx: ReferenceContext): void {
  const { store } = ctx;

  /** A listing: one page in the envelope of §2.5, `data`, `included` (when any), `links` and `meta`. */
  const list = <R extends { id: string }>(path: string, spec: ListingSpec<R>) =>
    app.get<{ Querystring: Query }>(path, async (request) => {
      const query = request.query;
      const include = parseInclude(query);
      const page = parsePageParams(query, {
        defaultLimit: ctx.options.defaultPageLimit,
        hardOffsetLimit: spec.hardOffsetLimit ?? false,
      });
      // The list order is not specified (§4.3); the default is creation order.
      const newestFirst = ctx.options.listingOrder === 'newest-first';
      const records = spec.collection.slice(page.offset, page.limit, newestFirst);
      const total = spec.collection.size;
      const origin = requestOrigin(request);
      const urlAt = (offset: number) => pageUrl(origin, `/v2${path}`, query, page.limit, offset);
      return {
        data: records.map(spec.serialize),
        ...(spec.included?.(records, include) ?? {}),
        links: paginationLinks(page, total, urlAt),
        meta: paginationMeta(page, total, { withAll: spec.withAll ?? false }),
      };
    });

  /** `DELETE` of one record by id. */
  const remove = (path: string, type: string, removed: (id: string) => { id: string }) =>
    app.delete<ById>(path, async (request) => ({ data: { type, id: removed(request.params.id).id } }));

  /**
   * The includes a product supports (§4.3 rule 5): `categories`, and `files` and `main_image`, which are always
   * empty here (no files, no images). Any other name is ignored (§4.3 rule 4).
   */
  const productIncludes = (products: readonly ProductRecord[], include: readonly string[]) =>
    includedSection(
      'categories',
      include.includes('categories') ? categoriesOfProducts(store, products).map(serializeCategory) : [],
    );

  app.post('/products', async (request, reply) => {
    const { data } = validateBody(bodies.newProductBody, request.body);
    const product = catalog.createProduct(store, {
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
  list('/products', { collection: store.products, serialize: serializeProduct, included: productIncludes });
  app.get<ById>('/products/:id', async (request) => {
    const product = store.products.require(request.params.id, 'product');
    return { data: serializeProduct(product), ...productIncludes([product], parseInclude(request.query)) };
  });
  remove('/products/:id', 'product', (id) => catalog.deleteProduct(store, id));
  app.post<ById>('/products/:id/relationships/categories', async (request) => {
    const product = store.products.require(request.params.id, 'product');
    const { data } = validateBody(bodies.categoryLinksBody, request.body);
    const ids = data.map((link) => link.id);
    catalog.linkProductToCategories(store, product, ids);
    return { data: serializeProduct(product).relationships.categories.data };
  });

  app.post('/categories', async (request, reply) => {
    const { data } = validateBody(bodies.newCategoryBody, request.body);
    const category = catalog.createCategory(store, {
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
  list('/categories', { collection: store.categories, serialize: serializeCategory, withAll: true });
  app.get<ById>('/categories/:id', async (request) => {
    const category = store.categories.require(request.params.id, 'category');
    // §4.3: `products` is the include a category supports; with no linked products there is no `included`.
    const include = parseInclude(request.query);
    const products = include.includes('products') ? productsOfCategory(store, category) : [];
    return {
      data: serializeCategory(category),
      ...includedSection('products', products.map(serializeProduct)),
    };
  });
  remove('/categories/:id', 'category', (id) => catalog.deleteCategory(store, id));

  list('/files', { collection: store.files, hardOffsetLimit: true, serialize: (file) => file });

  app.post<{ Params: { cartRef: string } }>('/carts/:cartRef/items', async (request, reply) => {
    const { data } = validateBody(bodies.cartItemBody, request.body);
    return reply
      .code(201)
      .send(serializeCartItems(addToCart(store, request.params.cartRef, data.id, data.quantity)));
  });
  app.get<{ Params: { cartRef: string } }>('/carts/:cartRef/items', async (request) => {
    const now = store.now();
    const ref = request.params.cartRef;
    return serializeCartItems(store.carts.get(ref) ?? { ref, items: [], createdAt: now, updatedAt: now });
  });
  app.post<{ Params: { cartRef: string } }>('/carts/:cartRef/checkout', async (request, reply) => {
    const { data } = validateBody(bodies.checkoutBody, request.body);
    return reply.code(201).send({ data: serializeOrder(checkout(store, request.params.cartRef, data), []) });
  });

  const serializeOrderOf = (order: OrderRecord) =>
    serializeOrder(order, payments.transactionsOf(store, order));
  list('/orders', { collection: store.orders, hardOffsetLimit: true, serialize: serializeOrderOf });
  app.get<ById>('/orders/:id', async (request) => ({
    data: serializeOrderOf(store.orders.require(request.params.id, 'order')),
  }));

  // §4.1: each write finds the order and the transaction (404), then validates the whole body, then checks the
  // transition, and only then changes anything.
  app.post<{ Params: { orderId: string } }>('/orders/:orderId/payments', async (request, reply) => {
    const order = store.orders.require(request.params.orderId, 'order');
    const { data } = validateBody(bodies.paymentBody, request.body);
    const transaction = payments.startPayment(store, order, data.gateway);
    return reply.code(201).send({ data: serializeTransaction(transaction) });
  });
  app.get<{ Params: { orderId: string } }>('/orders/:orderId/transactions', async (request) => {
    const order = store.orders.require(request.params.orderId, 'order');
    return { data: payments.transactionsOf(store, order).map((t) => serializeTransaction(t)) };
  });
  const onTransaction = (
    action: string,
    answer: (transaction: TransactionRecord, body: unknown) => unknown,
  ) =>
    app.post<OfTransaction>(`/orders/:orderId/transactions/:transactionId/${action}`, async (request) => {
      const order = store.orders.require(request.params.orderId, 'order');
      const transaction = payments.requireTransaction(store, order, request.params.transactionId);
      return { data: answer(transaction, request.body) };
    });
  onTransaction('capture', (transaction, body) => {
    const reference = validateBody(bodies.captureBody, body)?.data?.custom_reference;
    return serializeTransaction(payments.capture(store, transaction, reference));
  });
  onTransaction('refund', (transaction, body) => {
    validateBody(bodies.refundBody, body);
    // §2.1: "The refund response omits meta."
    return serializeTransaction(payments.refund(store, transaction), { omitMeta: true });
  });
  onTransaction('confirm', (transaction, body) => {
    validateBody(bodies.confirmBody, body);
    return serializeTransaction(payments.confirm(store, transaction), { withPaymentIntent: true });
  });

  app.post('/integrations', async (request, reply) => {
    const { data } = validateBody(bodies.newIntegrationBody, request.body);
    const integration = store.add(store.integrations, {
      integrationType: data.integration_type,
      name: data.name,
      description: data.description,
      enabled: data.enabled,
      observes: [...data.observes],
      url: data.configuration.url,
    });
    return reply.code(201).send({ data: serializeIntegration(integration, requestOrigin(request)) });
  });
  app.get<ById>('/integrations/:id', async (request) => {
    const integration = store.integrations.require(request.params.id, 'integration');
    return { data: serializeIntegration(integration, requestOrigin(request)) };
  });
  remove('/integrations/:id', 'integration', (id) => store.integrations.remove(id, 'integration'));
}

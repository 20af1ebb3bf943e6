/** The second held-out set (issue 34): written from the specification alone, different from the first. */
import { apiError } from '../../errors.ts';
import { parseInclude } from '../../http/params.ts';
import { DEFAULT_PAGE_LIMIT, MAX_PAGE_LIMIT, OFFSET_LIMIT } from '../../limits.ts';
import { displayPrice } from '../../serialize/money.ts';
import { serializeCategory, serializeTransaction } from '../../serialize/resources.ts';
import { confirm, startPayment, transactionsOf } from '../../store/payments.ts';
import type { TransactionRecord } from '../../store/records.ts';
import { anonymousOn, bypassAuth } from '../authentication.ts';
import { UUID } from '../depth/http.ts';
import { storedReference } from '../depth/transactions.ts';
import { deepFaultRow, type Fault, gateFaultRow } from '../fault.ts';
import {
  answerAt,
  answerInstead,
  beforeHandler,
  dataItems,
  dataOf,
  eachItem,
  type Json,
  orderOf,
  paramsOf,
  pathRecords,
  queryOf,
  rewritePayload,
  rewriteResponse,
  routeOf,
} from '../hooks.ts';
import { answerPage, defaultLimitWhen, listingOf, pageUrlAt, withOffset } from '../pages.ts';
import * as route from '../routes.ts';
import { digitsParam, LIMIT, OFFSET, SUPPORTED_INCLUDES } from '../routes.ts';

export const SECOND_SET: Fault[] = [
  // Authentication (§5)
  deepFaultRow('auth-token-prefix-match', 'AUTH-INVALID')(
    'The token check is startsWith("Bearer " + token), so the right token followed by extra characters (a longer, wrong token) is accepted.',
    bypassAuth((request, ctx) => !!request.headers.authorization?.startsWith(`Bearer ${ctx.options.token}`)),
  ),
  deepFaultRow('auth-empty-bearer-token-passes', 'AUTH-INVALID')(
    'An Authorization header that has the Bearer scheme but no token ("Bearer", "Bearer ") skips the comparison (an empty token is falsy) and is let through.',
    bypassAuth((request) => /^bearer\s*$/i.test(request.headers.authorization?.trim() ?? '')),
  ),
  gateFaultRow('auth-anonymous-catalogue-reads', 'AUTH-REQUIRED')(
    'Catalogue reads (GET /v2/products, /v2/products/:id, /v2/categories, /v2/categories/:id) are treated as public storefront reads: without Authorization they are served; a wrong token is still refused.',
    anonymousOn([route.PRODUCTS, route.PRODUCT, route.CATEGORIES, route.CATEGORY]),
  ),
  gateFaultRow('auth-401-plain-text', 'HTTP-JSON')(
    'The 401 answers of the /v2 token check come from the framework: a text/plain body "Unauthorized" instead of a JSON error body.',
    rewritePayload((payload, reply, request) => {
      if (reply.statusCode !== 401 || !request.url.startsWith('/v2')) return payload;
      reply.header('content-type', 'text/plain; charset=utf-8');
      return 'Unauthorized';
    }),
  ),
  // Transactions (§2.1, §3, §4.1)
  deepFaultRow('capture-custom-reference-trimmed', 'TXN-CAPTURE-REF')(
    'A capture stores and answers custom_reference with leading and trailing white space removed, so " ref-1 " comes back as "ref-1".',
    storedReference((reference) => reference.trim()),
  ),
  gateFaultRow('refund-meta-null', 'TXN-REFUND-NO-META')(
    'The refund answer carries "meta": null (a nil pointer serialised without omitempty) instead of leaving meta out.',
    rewriteResponse([route.REFUND], (body) => {
      body.data.meta = null;
    }),
  ),
  deepFaultRow('transaction-display-price-first-item', 'TXN-AMOUNT')(
    "On an order of several items, a transaction's meta.display_price shows the first item's price while amount is the order total.",
    eachItem(route.TRANSACTIONS, (item, _request, ctx) => {
      const order = orderOf(ctx, item);
      if (!item.meta?.display_price || !order || order.items.length < 2) return;
      const first = order.items[0];
      if (first) item.meta.display_price = displayPrice(first.unitAmount, order.currency);
    }),
  ),
  deepFaultRow('transactions-list-one-per-gateway', 'TXN-LIST')(
    "GET /v2/orders/:orderId/transactions keys the order's transactions by gateway, so of several transactions of the same gateway (two manual authorizations) only the latest is listed.",
    rewriteResponse([route.LIST], (body) => {
      const byGateway = new Map<string, Json>();
      for (const transaction of body.data) byGateway.set(transaction.gateway, transaction);
      body.data = [...byGateway.values()];
    }),
  ),
  gateFaultRow('refund-order-relationship-is-transaction', 'TXN-ORDER')(
    "The refund answer's relationships.order.data.id is the transaction's own id instead of the order's.",
    rewriteResponse([route.REFUND], (body) => {
      body.data.relationships.order.data.id = body.data.id;
    }),
  ),
  gateFaultRow('confirm-gateway-legacy-name', 'TXN-CONFIRM')(
    'The confirm answer names the gateway by its legacy name stripe_payment_intents instead of card_payment_intents (the listing still says card_payment_intents).',
    rewriteResponse([route.CONFIRM], (body) => {
      body.data.gateway = 'stripe_payment_intents';
    }),
  ),
  gateFaultRow('authorize-other-gateway-recorded-before-refusal', 'TXN-AUTHORIZE-MANUAL-ONLY')(
    'POST …/payments with method authorize and a gateway other than manual answers 422, but the transaction row was inserted before the gateway was checked and stays on the order.',
    beforeHandler([route.PAYMENTS], (request, ctx) => {
      const data = dataOf(request);
      const order = ctx.store.orders.get(paramsOf(request).orderId);
      if (!order || data.method !== 'authorize' || typeof data.gateway !== 'string') return;
      if (data.gateway === 'manual' || data.gateway === '') return;
      const transaction = ctx.store.add(ctx.store.transactions, {
        orderId: order.id,
        gateway: data.gateway as TransactionRecord['gateway'],
        reference: data.gateway,
        transactionType: 'authorize',
        status: 'pending',
        amount: order.total,
        currency: order.currency,
      });
      order.transactionIds.push(transaction.id);
    }),
  ),
  deepFaultRow('confirm-unknown-transaction-starts-purchase', 'TXN-UNKNOWN')(
    'Confirm of a transaction id that the order does not have is treated as an upsert: a new card_payment_intents purchase is started on the order and confirmed (200).',
    answerInstead([route.CONFIRM], (request, reply, ctx) => {
      const { orderId, transactionId } = paramsOf(request);
      const order = ctx.store.orders.get(orderId);
      if (!order || order.transactionIds.includes(transactionId)) return undefined;
      const data = dataOf(request);
      if (data.gateway !== 'card_payment_intents' || data.method !== 'purchase') return undefined;
      if (typeof data.payment !== 'string' || data.payment === '') return undefined;
      const transaction = confirm(ctx.store, startPayment(ctx.store, order, 'card_payment_intents'));
      return reply.send({ data: serializeTransaction(transaction, { withPaymentIntent: true }) });
    }),
  ),
  deepFaultRow('capture-takes-first-open-authorization', 'TXN-CAPTURE')(
    "Capture looks up the order's first open manual authorization instead of the transaction in the path, so on an order with two authorizations capturing the second captures (and answers) the first.",
    beforeHandler([route.CAPTURE], (request, ctx) => {
      const found = pathRecords(ctx, request);
      if (found?.txn.transactionType !== 'authorize') return;
      const open = transactionsOf(ctx.store, found.order).find(
        (t) => t.gateway === 'manual' && t.transactionType === 'authorize',
      );
      if (open) paramsOf(request).transactionId = open.id;
    }),
  ),
  gateFaultRow('capture-updated-at-epoch-number', 'TXN-SCHEMA')(
    'A captured transaction has meta.timestamps.updated_at as a Unix time in milliseconds (a number), not an ISO 8601 string; other transactions are right.',
    eachItem(route.TRANSACTIONS, (item) => {
      const stamps = item.meta?.timestamps;
      if (item.transaction_type === 'capture' && typeof stamps?.updated_at === 'string')
        stamps.updated_at = Date.parse(stamps.updated_at);
    }),
  ),
  deepFaultRow('payments-content-type-exact-match', 'TXN-AUTHORIZE')(
    'POST …/payments compares Content-Type to the exact string application/json, so an equivalent spelling (a charset parameter, other letter case) is refused with 415.',
    answerAt('onRequest', [route.PAYMENTS], (request) => {
      const type = request.headers['content-type'];
      return type !== undefined && type !== 'application/json'
        ? apiError('UNSUPPORTED_MEDIA_TYPE', `Content-Type "${type}" is not supported; send application/json`)
        : undefined;
    }),
  ),
  deepFaultRow('payments-without-data-500', 'HTTP-NO-5XX')(
    'POST …/payments whose body has no data object (no body, {}, or the fields at the top level) fails reading data.gateway and answers 500.',
    answerInstead([route.PAYMENTS], (request) => {
      const data = (request.body as Json)?.data;
      if (!data || typeof data !== 'object')
        return apiError('INTERNAL', "Cannot read properties of undefined (reading 'gateway')");
    }),
  ),
  // Integrations (§2.2, §4.2, §6)
  gateFaultRow('integration-self-link-relative', 'INT-SELF-LINK')(
    'GET /v2/integrations/:id answers links.self as a path (/v2/integrations/<id>) without scheme and host; the create answer is still absolute.',
    rewriteResponse([route.READ_INTEGRATION], (body) => {
      body.data.links.self = `/v2/integrations/${body.data.id}`;
    }),
  ),
  gateFaultRow('integration-delete-type-event', 'INT-DELETE')(
    'DELETE /v2/integrations/:id answers { data: { type: "event", id } }, naming integrations events as §6 does in prose.',
    rewriteResponse([route.DELETE_INTEGRATION], (body) => {
      body.data.type = 'event';
    }),
  ),
  deepFaultRow('integration-enabled-false-defaults-true', 'INT-GET')(
    'Creation applies the default with enabled || true, so an integration created with enabled: false is stored and read back as enabled: true.',
    beforeHandler([route.CREATE_INTEGRATION], (request) => {
      const data = dataOf(request);
      if (data.enabled === false) data.enabled = true;
    }),
  ),
  deepFaultRow('integration-malformed-id-500', 'INT-NOT-FOUND')(
    'GET or DELETE /v2/integrations/:id with an id that is not UUID-shaped fails in the database cast and answers 500 instead of 4xx.',
    answerInstead([route.READ_INTEGRATION, route.DELETE_INTEGRATION], (request) =>
      UUID.test(paramsOf(request).id)
        ? undefined
        : apiError('INTERNAL', 'invalid input syntax for type uuid'),
    ),
    { 'HTTP-NO-5XX': 'a read or delete of a malformed integration id answers 500' },
  ),
  gateFaultRow('integration-delete-soft-still-readable', 'INT-DELETE-GONE')(
    'DELETE /v2/integrations/:id only disables the integration (soft delete); the read does not filter deleted rows and still answers 200, with enabled: false.',
    (app, ctx) => {
      const deleted = new Set<string>();
      answerInstead([route.DELETE_INTEGRATION], (request, reply) => {
        const { id } = paramsOf(request);
        const integration = ctx.store.integrations.get(id);
        if (!integration || deleted.has(id)) return apiError('NOT_FOUND', `no integration with id "${id}"`);
        deleted.add(id);
        integration.enabled = false;
        integration.updatedAt = ctx.store.now();
        return reply.send({ data: { type: 'integration', id } });
      })(app, ctx);
    },
  ),
  // Pagination (§2.5, §8)
  gateFaultRow('page-meta-offset-in-pages', 'PAGE-OFFSET')(
    'meta.page.offset reports the offset in pages (floor(offset / limit)) rather than in records; the data and links are right.',
    rewriteResponse(route.SOFT, ({ meta: { page } }) => {
      page.offset = Math.floor(page.offset / page.limit);
    }),
  ),
  deepFaultRow('page-prev-negative-offset', 'PAGE-PREV-NEXT')(
    'links.prev is offset - limit without clamping at 0, so on a page whose offset is between 1 and limit - 1 it points at a negative offset.',
    rewriteResponse(route.SOFT, (body) => {
      const { limit, offset } = body.meta.page;
      if (offset > 0 && offset < limit) body.links.prev = withOffset(body.links.current, offset - limit);
    }),
  ),
  deepFaultRow('page-next-clamped-to-full-last-page', 'PAGE-WALK')(
    'links.next is clamped to total - limit so that the last page is always full, so when the total is not a multiple of the limit a walk along next sees some records twice.',
    rewriteResponse(route.SOFT, (body) => {
      const { limit, offset } = body.meta.page;
      if (body.links.next === null) return;
      const clamped = Math.min(offset + limit, body.meta.results.total - limit);
      if (clamped !== offset + limit) body.links.next = withOffset(body.links.current, clamped);
    }),
    { 'PAGE-PREV-NEXT': 'the clamped next link does not point at the neighbouring page' },
  ),
  gateFaultRow('page-limit-zero-null-counts', 'PAGE-BAD-PARAMS')(
    'page[limit]=0 is accepted and answers 200 with meta.page.current and meta.page.total null (the division by zero gives Infinity/NaN, serialised as null).',
    answerInstead(route.SOFT, (request, reply, ctx) => {
      if (queryOf(request)[LIMIT] !== '0') return undefined;
      const offset = digitsParam(request, OFFSET, true) ?? 0;
      const total = listingOf(request, ctx).rows.size;
      const urlAt = pageUrlAt(request, 0);
      return reply.send({
        data: [],
        links: { current: urlAt(offset), first: urlAt(0), last: urlAt(0), prev: null, next: null },
        meta: {
          page: { limit: 0, offset, current: null, total: null },
          results: routeOf(request) === route.CATEGORIES ? { total, all: total } : { total },
        },
      });
    }),
  ),
  gateFaultRow('page-meta-page-missing-past-end', 'PAGE-META-EMPTY')(
    'A listing page past the end (offset > 0, no records) returns early with meta.results only: meta.page is left out.',
    rewriteResponse(route.SOFT, (body) => {
      if (body.data.length === 0 && body.meta.page.offset > 0) delete body.meta.page;
    }),
  ),
  deepFaultRow('page-default-limit-with-offset-only', 'PAGE-DEFAULT-LIMIT')(
    'When page[offset] is given without page[limit], the page length falls back to 10 (another code path) instead of the default 100.',
    defaultLimitWhen(route.SOFT, '10', (query) => Object.hasOwn(query, OFFSET)),
  ),
  gateFaultRow('page-hard-offset-skipped-when-empty', 'PAGE-OFFSET-HARD')(
    '/v2/orders and /v2/files return an empty page before validating page[offset] when the collection has no records, so an offset above 10,000 is answered 200 there.',
    answerInstead(route.HARD, (request, reply, ctx) => {
      const offset = digitsParam(request, OFFSET, true) ?? 0;
      if (listingOf(request, ctx).rows.size > 0 || offset <= OFFSET_LIMIT) return undefined;
      const hasLimit = Object.hasOwn(queryOf(request), LIMIT);
      const limit = hasLimit ? digitsParam(request, LIMIT, true) : DEFAULT_PAGE_LIMIT;
      if (limit === undefined || limit < 1 || limit > MAX_PAGE_LIMIT) return undefined;
      return answerPage(request, reply, ctx, { limit, offset });
    }),
  ),
  deepFaultRow('page-counts-include-deleted-categories', 'PAGE-COUNTS')(
    'The category listing counts rows including soft-deleted ones: after categories are deleted, meta.results.total (and page.total) stay as high as before while the data no longer has them.',
    (app, ctx) => {
      let deleted = 0;
      rewriteResponse([route.DELETE_CATEGORY], () => {
        deleted += 1;
      })(app, ctx);
      rewriteResponse([route.CATEGORIES], ({ meta }) => {
        if (deleted === 0) return;
        meta.results.total += deleted;
        if (typeof meta.results.all === 'number') meta.results.all += deleted;
        meta.page.total = Math.ceil(meta.results.total / meta.page.limit);
      })(app, ctx);
    },
  ),
  // Includes (§4.3)
  deepFaultRow('include-categories-repeated-per-product', 'INC-LINKAGE')(
    "GET /v2/products?include=categories appends each product's categories to included.categories without removing duplicates, so a category shared by two products appears twice.",
    rewriteResponse([route.PRODUCTS, route.PRODUCT], (body, request, _reply, ctx) => {
      if (!body.included?.categories || !parseInclude(queryOf(request)).includes('categories')) return;
      body.included.categories = dataItems(body).flatMap((product: Json) =>
        product.relationships.categories.data.flatMap((link: Json) => {
          const category = ctx.store.categories.get(link.id);
          return category ? [serializeCategory(category)] : [];
        }),
      );
    }),
  ),
  gateFaultRow('include-unsupported-empty-object', 'INC-UNSUPPORTED')(
    'When include names something the endpoint does not support, the answer carries an empty included: {} (the map is made before the unknown name is skipped).',
    rewriteResponse([route.PRODUCTS, route.PRODUCT, route.CATEGORY], (body, request) => {
      const supported = SUPPORTED_INCLUDES[routeOf(request)] ?? [];
      const names = parseInclude(queryOf(request));
      if (!body.included && names.some((name) => !supported.includes(name))) body.included = {};
    }),
  ),
  deepFaultRow('category-keeps-deleted-product-links', 'INC-PRODUCTS')(
    "Deleting a product does not remove it from its categories' relationships.products.data, so include=products (which finds only existing products) no longer matches the relationship ids.",
    (app, ctx) => {
      const stale = new Map<string, string[]>();
      beforeHandler([route.DELETE_PRODUCT], (request) => {
        const product = ctx.store.products.get(paramsOf(request).id);
        if (!product) return;
        for (const categoryId of product.categoryIds)
          stale.set(categoryId, [...(stale.get(categoryId) ?? []), product.id]);
      })(app, ctx);
      rewriteResponse([route.CATEGORY, route.CATEGORIES], (body) => {
        for (const category of dataItems(body)) {
          const links = category.relationships?.products?.data;
          for (const id of stale.get(category.id) ?? []) links?.push({ type: 'product', id });
        }
      })(app, ctx);
    },
  ),
  deepFaultRow('include-products-capped-at-five', 'INC-PRODUCTS')(
    'The soft limit of 5 included resources is applied to the entities of an include, so a category with more than 5 products includes only the first 5.',
    rewriteResponse([route.CATEGORY], (body) => {
      const products = body.included?.products;
      if (Array.isArray(products) && products.length > 5) body.included.products = products.slice(0, 5);
    }),
  ),
  deepFaultRow('include-single-product-unwrapped', 'INC-SHAPE')(
    'GET /v2/categories/:id?include=products gives included.products as the product object itself, not an array, when the category has exactly one product.',
    rewriteResponse([route.CATEGORY], (body) => {
      const products = body.included?.products;
      if (Array.isArray(products) && products.length === 1) body.included.products = products[0];
    }),
    { 'INC-PRODUCTS': 'included.products is not an array of Product objects when there is one' },
  ),
];

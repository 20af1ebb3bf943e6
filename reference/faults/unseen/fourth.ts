/**
 * The fourth held-out set (issue 34): written from the specification alone, each fault a realistic bug that shows
 * only under a condition (an input, a spelling, a state reached by a sequence of requests, a boundary).
 */
import type { FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../../context.ts';
import { apiError } from '../../errors.ts';
import { hasBearerToken } from '../../http/auth.ts';
import { requestOrigin } from '../../http/links.ts';
import { parseInclude } from '../../http/params.ts';
import { MAX_PAGE_LIMIT, OFFSET_LIMIT } from '../../limits.ts';
import { displayPrice } from '../../serialize/money.ts';
import {
  categoriesOfProducts,
  includedSection,
  serializeCategory,
  serializeTransaction,
} from '../../serialize/resources.ts';
import { paymentStatus, transactionsOf } from '../../store/payments.ts';
import { anonymousOn, bypassAuth } from '../authentication.ts';
import { deepFaultRow, type Fault } from '../fault.ts';
import * as hook from '../hooks.ts';
import { allOf, type Json, orderOf, paramsOf, queryOf, routeOf } from '../hooks.ts';
import { answerPage, defaultLimitWhen, listingOf, offsetOrZero, withOffset } from '../pages.ts';
import * as R from '../routes.ts';

const newestFirst = (ctx: ReferenceContext) => ctx.options.listingOrder === 'newest-first';
/** The other transactions of the order named in the request path than the one with id `id`. */
const othersOnOrder = (ctx: ReferenceContext, request: FastifyRequest, id: string) => {
  const order = ctx.store.orders.get(paramsOf(request).orderId);
  return order ? transactionsOf(ctx.store, order).filter((t) => t.id !== id) : [];
};

/** The transactions each action applies to. */
const READY: Record<string, (t: Json) => boolean> = {
  [R.CAPTURE]: (t) => t.gateway === 'manual' && t.transactionType === 'authorize',
  [R.REFUND]: (t) => t.transactionType === 'capture',
  [R.CONFIRM]: (t) => t.gateway === 'card_payment_intents' && t.status === 'pending',
};

export const FOURTH_SET: Fault[] = [
  // Authentication (§5)
  deepFaultRow('auth-cached-per-connection', 'AUTH-INVALID')(
    'The token check is cached per keep-alive connection: once a connection has carried the valid token, later requests on it with any Authorization header (a wrong token included) are served; a new connection, or a request without the header, is still refused.',
    (app, ctx) => {
      const trusted = new WeakSet<object>();
      hook.beforeAuth(({ headers, raw }) => {
        if (hasBearerToken(headers.authorization, ctx.options.token)) trusted.add(raw.socket);
      })(app, ctx);
      bypassAuth(({ headers, raw }) => Boolean(headers.authorization) && trusted.has(raw.socket))(app, ctx);
    },
  ),
  deepFaultRow('confirm-callback-skips-auth', 'AUTH-REQUIRED')(
    'POST …/confirm is on the allow-list of payment-provider callbacks (3-D Secure returns there): without an Authorization header it is served and confirms the payment intent; a wrong token is still refused.',
    anonymousOn([R.CONFIRM]),
  ),
  // Transactions (§2.1, §3, §4.1)
  deepFaultRow('order-link-from-customer-latest-order', 'TXN-ORDER')(
    "A transaction reaches its order through the customer: relationships.order.data.id names the customer's most recent order (same e-mail), wrong for the transactions of an earlier order of a customer who checked out again.",
    hook.eachItem(R.TRANSACTIONS, (txn, _request, ctx) => {
      const order = orderOf(ctx, txn);
      const latest = allOf(ctx.store.orders).findLast((o) => o.customer.email === order?.customer.email);
      if (order && latest) txn.relationships.order.data.id = latest.id;
    }),
  ),
  deepFaultRow('authorizations-hidden-once-order-paid', 'TXN-LIST')(
    "GET …/transactions leaves out the manual authorizations still open once the order is paid (a capture, or a confirmed payment intent): the list query filters authorizations on the order's payment status as if they had been voided.",
    hook.rewriteResponse([R.LIST], (body, request, _reply, ctx) => {
      const order = ctx.store.orders.get(paramsOf(request).orderId);
      if (!order || !Array.isArray(body?.data)) return;
      if (['paid', 'refunded'].includes(paymentStatus(transactionsOf(ctx.store, order))))
        body.data = body.data.filter((t: Json) => t.transaction_type !== 'authorize');
    }),
  ),
  deepFaultRow('settled-manual-reference-char-padded', 'TXN-MANUAL-REF')(
    'Captured and refunded transactions are listed from a settlements table whose reference column is CHAR(10): in GET …/transactions a settled manual transaction has reference "manual    " (padded with spaces); open authorizations and the action answers are right.',
    hook.eachItem([R.LIST], (txn) => {
      if (txn.gateway === 'manual' && ['capture', 'refund'].includes(txn.transaction_type))
        txn.reference = txn.reference.padEnd(10);
    }),
  ),
  deepFaultRow('authorize-gateway-case-folded', 'TXN-AUTHORIZE-MANUAL-ONLY')(
    'The gateway of an authorize is matched after trimming and lower-casing it: "Manual", "MANUAL" or " manual " is accepted as a manual authorization, though none of them is the manual gateway.',
    hook.beforeHandler([R.PAYMENTS], (request) => {
      const data = hook.dataOf(request);
      if (typeof data.gateway === 'string' && data.gateway.trim().toLowerCase() === 'manual')
        data.gateway = 'manual';
    }),
  ),
  deepFaultRow('second-capture-on-order-pending', 'TXN-CAPTURE')(
    'A capture on an order that already had a capture is sent to the gateway as a partial capture and answered with status "pending" (the transaction is stored complete and listed so).',
    hook.rewriteResponse([R.CAPTURE], (body, request, _reply, ctx) => {
      const others = othersOnOrder(ctx, request, body?.data?.id);
      if (others.some((t) => t.transactionType === 'capture' || t.transactionType === 'refund'))
        body.data.status = 'pending';
    }),
  ),
  deepFaultRow('capture-reference-leading-zeros-dropped', 'TXN-CAPTURE-REF')(
    'A custom_reference made only of digits is stored in a column that reads numbers as numbers: its leading zeros are lost ("000123" is answered and listed "123"); other references are kept as sent.',
    hook.beforeHandler([R.CAPTURE], (request) => {
      const data = hook.dataOf(request);
      if (typeof data.custom_reference === 'string' && /^0+\d/.test(data.custom_reference))
        data.custom_reference = data.custom_reference.replace(/^0+(?=\d)/, '');
    }),
  ),
  deepFaultRow('refund-meta-on-order-refunded-before', 'TXN-REFUND-NO-META')(
    "A refund on an order that already has a refunded transaction goes through the order's further-refund branch, whose serialiser keeps meta (display_price and timestamps); the first refund of an order is answered without meta.",
    hook.rewriteResponse([R.REFUND], (body, request, _reply, ctx) => {
      const record = ctx.store.transactions.get(body?.data?.id ?? '');
      if (record && othersOnOrder(ctx, request, record.id).some((t) => t.transactionType === 'refund'))
        body.data.meta = serializeTransaction(record).meta;
    }),
  ),
  deepFaultRow('confirm-secret-null-below-minimum', 'TXN-CONFIRM')(
    "For an amount below the provider's minimum charge (50 minor units) the payment intent is made without a client secret: the confirm answer has payment_intent.client_secret null.",
    hook.rewriteResponse([R.CONFIRM], (body) => {
      if (body?.data?.payment_intent && body.data.amount < 50) body.data.payment_intent.client_secret = null;
    }),
  ),
  deepFaultRow('order-id-accepted-as-transaction-id', 'TXN-UNKNOWN')(
    "Transactions are looked up in a table of payable records that holds the orders too: capture, refund or confirm with the order's own id as transaction id acts on the order's newest transaction ready for that action (200) instead of answering 4xx.",
    hook.beforeHandler(R.ACTIONS, (request, ctx) => {
      const params = paramsOf(request);
      const order = ctx.store.orders.get(params.orderId);
      const ready = READY[routeOf(request)];
      if (!order || !ready || params.transactionId !== order.id) return;
      const target = transactionsOf(ctx.store, order).filter(ready).at(-1);
      if (target) params.transactionId = target.id;
    }),
  ),
  deepFaultRow('display-price-adds-tax-to-exclusive-prices', 'TXN-AMOUNT')(
    'On an order of a product whose price excludes tax (includes_tax: false), meta.display_price of its transactions adds a 20 % tax (display prices are shown with tax), while amount stays the net total.',
    hook.eachItem(R.TRANSACTIONS, (txn, _request, ctx) => {
      const order = orderOf(ctx, txn);
      const exclusive = order?.items.some(
        (item) => ctx.store.products.get(item.productId)?.price[0]?.includesTax === false,
      );
      if (exclusive && txn.meta?.display_price)
        txn.meta.display_price = displayPrice(Math.round(txn.amount * 1.2), txn.currency);
    }),
  ),
  // Integrations (§2.2, §4.2, §6)
  deepFaultRow('integration-same-name-synced', 'INT-GET')(
    'Creating an integration syncs every earlier integration of the same name to it (a settings sync keyed by name): the earlier one reads back with the later one’s description, enabled, observes and URL.',
    hook.rewriteResponse([R.CREATE_INTEGRATION], (body, _request, _reply, ctx) => {
      const { integrations } = ctx.store;
      const created = integrations.get(body?.data?.id ?? '');
      for (const other of integrations.slice(0, integrations.size)) {
        if (!created || other.id === created.id || other.name !== created.name) continue;
        const { description, enabled, url, observes, createdAt } = created;
        Object.assign(other, { description, enabled, url, observes: [...observes], updatedAt: createdAt });
      }
    }),
  ),
  deepFaultRow('self-link-from-request-url', 'INT-SELF-LINK')(
    "links.self is built from the URL of the request (origin and path): right on GET /v2/integrations/:id, but the create answer's links.self is the collection URL /v2/integrations, without the id.",
    hook.eachItem([R.CREATE_INTEGRATION, R.READ_INTEGRATION], (item, request) => {
      if (item.links) item.links.self = `${requestOrigin(request)}${request.url.split('?')[0]}`;
    }),
  ),
  deepFaultRow('delete-answers-next-integration-id', 'INT-DELETE')(
    'The delete answers with the record found at the index of the deleted one after removing it (list.splice(i, 1); return list[i] ?? removed): deleting an integration that is not the newest answers the id of the one created after it.',
    hook.remembering(
      [R.DELETE_INTEGRATION],
      ({ params }, { store }) => {
        const all = allOf(store.integrations);
        return all[all.findIndex((record) => record.id === (params as Json).id) + 1]?.id;
      },
      (body, next) => ({ ...body, data: { ...body.data, id: next } }),
    ),
  ),
  deepFaultRow('disabled-integration-delete-kept', 'INT-DELETE-GONE')(
    "A delete first unsubscribes the webhook from the event bus; for a disabled integration, which has no subscription, the 'not subscribed' error is caught and the delete answered as done before the row is removed: the integration can still be read.",
    hook.answerInstead([R.DELETE_INTEGRATION], (request, reply, ctx) => {
      const { id } = paramsOf(request);
      if (ctx.store.integrations.get(id)?.enabled === false)
        return reply.send({ data: { type: 'integration', id } });
    }),
  ),
  // Pagination (§2.5, §8)
  deepFaultRow('limit-one-ignored', 'PAGE-LIMIT')(
    'page[limit] is applied with if (limit > 1), meant to skip a missing one: page[limit]=1 is ignored and the page is served at the default length (meta and links say so).',
    hook.beforeHandler(R.SOFT, (request) => {
      if (queryOf(request)[R.LIMIT] === '1') delete queryOf(request)[R.LIMIT];
    }),
  ),
  deepFaultRow('offset-ignored-without-limit', 'PAGE-OFFSET')(
    'page[offset] is applied to the query only inside the branch that applies page[limit]: given alone, the records are served from the first one, while meta.page.offset and the links echo the offset asked for.',
    hook.rewriteResponse(R.SOFT, (body, request, _reply, ctx) => {
      const offset = R.digitsParam(request, R.OFFSET, true) ?? 0;
      const { rows, serialize } = listingOf(request, ctx);
      if (Object.hasOwn(queryOf(request), R.LIMIT) || offset === 0 || !body?.meta?.page) return;
      body.data = rows.slice(0, body.meta.page.limit, newestFirst(ctx)).map(serialize);
    }),
  ),
  deepFaultRow('current-link-from-page-number', 'PAGE-LINKS')(
    'links.current is built from the page number ((meta.page.current - 1) × limit): on a page whose offset is not a multiple of the limit it names the start of that page, not the offset asked for.',
    hook.rewriteResponse(R.SOFT, (body) => {
      const page = body?.meta?.page;
      if (page && typeof body.links?.current === 'string')
        body.links.current = withOffset(body.links.current, (page.current - 1) * page.limit);
    }),
  ),
  deepFaultRow('prev-null-when-previous-offset-zero', 'PAGE-PREV-NEXT')(
    'links.prev is set with prevOffset ? url : null: when the previous page starts at offset 0 (the second page, or any offset up to the limit) the falsy 0 makes links.prev null.',
    hook.rewriteResponse(R.SOFT, (body) => {
      const page = body?.meta?.page;
      if (page && page.offset > 0 && page.offset <= page.limit) body.links.prev = null;
    }),
  ),
  deepFaultRow('next-link-include-unseparated', 'PAGE-WALK')(
    'links.next of GET /v2/products appends the other query parameters without "&": with include given it ends in page[offset]=Kinclude=…, which the listing refuses (400), so a walk along next stops after the first page.',
    hook.rewriteResponse([R.PRODUCTS], (body) => {
      if (typeof body?.links?.next === 'string')
        body.links.next = body.links.next.replace('&include=', 'include=');
    }),
  ),
  deepFaultRow('category-count-inner-join', 'PAGE-COUNTS')(
    'The category listing counts with an INNER JOIN on the product links: categories without products are served but not counted, so meta.results.total and meta.page.total are too low (the links are right).',
    hook.rewriteResponse([R.CATEGORIES], (body, _request, _reply, ctx) => {
      if (!body?.meta?.page) return;
      const counted = allOf(ctx.store.categories).filter((c) => c.productIds.length > 0).length;
      body.meta.results.total = counted;
      body.meta.page.total = Math.ceil(counted / body.meta.page.limit);
    }),
  ),
  deepFaultRow('default-limit-smaller-with-include', 'PAGE-DEFAULT-LIMIT')(
    'On GET /v2/products with include, a missing page[limit] defaults to 20 (the include path bounds what it loads) instead of the default page length.',
    defaultLimitWhen([R.PRODUCTS], '20', (query) => query.include !== undefined),
  ),
  deepFaultRow('category-listing-max-unchecked', 'PAGE-MAX-LIMIT')(
    `The maximum page length is checked in the product repository only: GET /v2/categories serves a page[limit] above ${MAX_PAGE_LIMIT} as given, echoed in meta.page.limit.`,
    hook.answerInstead([R.CATEGORIES], (request, reply, ctx) => {
      const limit = R.digitsParam(request, R.LIMIT, true);
      const offset = offsetOrZero(request);
      if (limit === undefined || limit <= MAX_PAGE_LIMIT || offset === undefined) return undefined;
      return answerPage(request, reply, ctx, { limit, offset });
    }),
  ),
  deepFaultRow('hard-offset-limit-off-by-one', 'PAGE-OFFSET-HARD')(
    `The hard offset limit of /v2/orders and /v2/files is checked with offset > ${OFFSET_LIMIT + 1}: page[offset]=${OFFSET_LIMIT + 1}, the first offset above the limit, is served (an empty page).`,
    hook.answerInstead(R.HARD, (request, reply, ctx) => {
      const limit = R.digitsParam(request, R.LIMIT, true) ?? ctx.options.defaultPageLimit;
      const offset = R.digitsParam(request, R.OFFSET, true);
      if (offset !== OFFSET_LIMIT + 1 || limit < 1 || limit > MAX_PAGE_LIMIT) return undefined;
      return answerPage(request, reply, ctx, { limit, offset });
    }),
  ),
  // Includes (§4.3)
  deepFaultRow('included-products-cached-before-link', 'INC-PRODUCTS')(
    'GET /v2/categories/:id?include=products caches the products it included, cleared by deletes but not when products are linked: a product linked after the first include read is missing from included.products while relationships.products.data names it.',
    (app, ctx) => {
      const cached = new Map<string, Json[]>();
      hook.rewriteResponse([R.CATEGORY], (body, request) => {
        if (!parseInclude(queryOf(request)).includes('products') || typeof body?.data?.id !== 'string')
          return;
        const hit = cached.get(body.data.id);
        if (hit === undefined) cached.set(body.data.id, structuredClone(body.included?.products ?? []));
        else return { data: body.data, ...includedSection('products', structuredClone(hit)) };
      })(app, ctx);
      hook.rewriteResponse([R.DELETE_CATEGORY, R.DELETE_PRODUCT], () => cached.clear())(app, ctx);
    },
  ),
  deepFaultRow('multi-include-flattened', 'INC-SHAPE')(
    'On GET /v2/products an include of several names goes through a merge that concatenates the sections: included is one flat array of entities; a single name still gives the object keyed by resource.',
    hook.rewriteResponse([R.PRODUCTS], (body, request) => {
      if (body?.included && parseInclude(queryOf(request)).length > 1)
        body.included = Object.values(body.included).flat();
    }),
  ),
  deepFaultRow('category-include-presence-only', 'INC-UNSUPPORTED')(
    "GET /v2/categories/:id checks only that include is present (if (query.include)): any include value, supported or not (include=files), answers the category's products in included.products.",
    hook.beforeHandler([R.CATEGORY], (request) => {
      const query = queryOf(request);
      if (query.include && !parseInclude(query).includes('products')) query.include = 'products';
    }),
  ),
  deepFaultRow('include-value-max-20-chars', 'INC-MULTI')(
    'The include value is validated as a string of at most 20 characters: a list of several names that is longer (main_image,categories, the example of §4.3, has 21) is refused with 400.',
    hook.answerInstead([R.CATEGORY, R.PRODUCTS], (request) =>
      R.includeValues(request).some((value) => value.length > 20)
        ? apiError('INVALID_QUERY', 'include must be at most 20 characters')
        : undefined,
    ),
  ),
  deepFaultRow('included-from-lookahead-row', 'INC-LINKAGE')(
    'GET /v2/products reads limit + 1 rows to know whether a next page exists and builds included from all of them: with include=categories the categories of the first product of the next page are included too, though no product of the page refers to them.',
    hook.rewriteResponse([R.PRODUCTS], (body, request, _reply, ctx) => {
      const page = body?.meta?.page;
      if (!page || !parseInclude(queryOf(request)).includes('categories')) return;
      const { products } = ctx.store;
      const rows = products.slice(page.offset, page.limit + 1, newestFirst(ctx));
      if (rows.length <= page.limit) return;
      const categories = categoriesOfProducts(ctx.store, rows).map(serializeCategory);
      body.included = { ...body.included, ...includedSection('categories', categories).included };
    }),
  ),
  deepFaultRow('category-listing-linkage-type-plural', 'CAT-SCHEMA')(
    'GET /v2/categories builds relationships.products.data from the link table and names each linkage by the table, type "products" instead of "product"; single reads are right.',
    hook.eachItem([R.CATEGORIES], (category) => {
      for (const link of category?.relationships?.products?.data ?? []) link.type = 'products';
    }),
  ),
  // HTTP (§1, §7)
  deepFaultRow('large-answers-octet-stream', 'HTTP-JSON')(
    'Answers of 8 KiB or more are written by a streaming serialiser that sends them as application/octet-stream (a listing of many products, a category including many); shorter answers are application/json.',
    hook.rewritePayload((payload, reply) => {
      if (typeof payload === 'string' && Buffer.byteLength(payload) >= 8 * 1024)
        reply.header('content-type', 'application/octet-stream');
      return payload;
    }),
  ),
  deepFaultRow('nul-in-string-500', 'HTTP-NO-5XX')(
    'A write whose JSON body holds a string with U+0000 (in a name, a custom_reference, a payment token…) is answered 500: the database refuses the NUL byte ("invalid byte sequence for encoding UTF8: 0x00") and the error is not mapped.',
    hook.answerAt('preHandler', undefined, (request) =>
      request.body !== undefined && JSON.stringify(request.body).includes('\\u0000')
        ? apiError('INTERNAL', 'invalid byte sequence for encoding "UTF8": 0x00')
        : undefined,
    ),
  ),
];

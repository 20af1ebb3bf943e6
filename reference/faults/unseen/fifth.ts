/** The fifth held-out set: bugs written blind from the specification, each under one condition. */
import { apiError } from '../../errors.ts';
import { requestOrigin } from '../../http/links.ts';
import { parseInclude } from '../../http/params.ts';
import { MAX_PAGE_LIMIT, OFFSET_LIMIT } from '../../limits.ts';
import { fractionDigits } from '../../serialize/money.ts';
import { serializeCategory, serializeIntegration, serializeTransaction } from '../../serialize/resources.ts';
import { transactionsOf } from '../../store/payments.ts';
import { randomAlphanumeric } from '../../store/store.ts';
import { anonymousOn, bypassAuth } from '../authentication.ts';
import { deepFaultRow, type Fault, gateFaultRow } from '../fault.ts';
import {
  allOf,
  answerInstead,
  beforeHandler,
  dataOf,
  eachItem,
  type Json,
  paramsOf,
  productsIn,
  queryOf,
  rewritePayload,
  rewriteResponse,
} from '../hooks.ts';
import { answerPage, defaultLimitWhen, listingOf, pageOf, withOffset } from '../pages.ts';
import * as route from '../routes.ts';
import { digitsParam, LIMIT, OFFSET } from '../routes.ts';

/** Whether the request asks `include` for `name`. */
const includes = (request: Parameters<typeof queryOf>[0], name: string) =>
  parseInclude(queryOf(request)).includes(name);

/** The amount at or above which `capture-large-amount-pending` holds a capture for review (10,000.00). */
export const REVIEW_THRESHOLD = 1_000_000;

/** A timestamp as Go's RFC3339Nano writes it: trailing zeros of the fraction dropped, and the dot with them. */
export const trimmedFraction = (stamp: string) =>
  stamp.replace(/\.(\d*?)0+Z$/, (_match, digits: string) => (digits ? `.${digits}Z` : 'Z'));

export const FIFTH_SET: Fault[] = [
  // Authentication (§5) and HTTP
  deepFaultRow('auth-jwt-signature-unchecked', 'AUTH-INVALID')(
    'The bearer token is read as a JWT whose signature segment is never verified: the valid token followed by a dot and anything (test-token.forged) is accepted.',
    bypassAuth((request, ctx) => {
      const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1] ?? '';
      return given.startsWith(`${ctx.options.token}.`);
    }),
  ),
  deepFaultRow('confirm-exempt-from-token-check', 'AUTH-REQUIRED')(
    "POST …/confirm is exempted from the token check as the payment provider's return call (3-D Secure redirects come back without credentials): sent without Authorization it is served and the intent confirmed.",
    anonymousOn([route.CONFIRM]),
  ),
  gateFaultRow('unauthorized-answered-as-html', 'HTTP-JSON')(
    "A 401 is written by the authentication middleware's default error page: an HTML body with Content-Type text/html (other errors stay JSON).",
    rewritePayload((payload, reply) => {
      if (reply.statusCode !== 401) return payload;
      reply.header('content-type', 'text/html; charset=utf-8');
      return '<html><body><h1>401 Unauthorized</h1></body></html>';
    }),
  ),
  deepFaultRow('empty-transactions-data-null', 'ENV-LIST')(
    'GET …/transactions of an order without transactions answers { "data": null } (an unset slice marshalled as null), not an empty array.',
    rewriteResponse([route.LIST], (body) => {
      if (Array.isArray(body.data) && body.data.length === 0) body.data = null;
    }),
    { 'TXN-LIST': 'The answer for an order without transactions is not { data: [ ... ] }.' },
  ),
  // Transactions (§2.1, §3, §4.1)
  deepFaultRow('refund-with-body-keeps-meta', 'TXN-REFUND-NO-META')(
    'A refund sent with a JSON body (even {}) is answered through the generic transaction serialiser, meta included; without a body it has none.',
    rewriteResponse([route.REFUND], (body, request, _reply, ctx) => {
      const record = ctx.store.transactions.get(body.data?.id);
      if (request.body !== undefined && record) body.data = serializeTransaction(record);
    }),
  ),
  deepFaultRow('capture-numeric-reference-as-number', 'TXN-CAPTURE-REF')(
    'A custom_reference made of digits only is stored in a numeric column and answered as a number (leading zeros lost: "000451" comes back as 451).',
    eachItem(route.TRANSACTIONS, (txn) => {
      const reference = txn.custom_reference;
      if (typeof reference === 'string' && /^\d{1,15}$/.test(reference))
        txn.custom_reference = Number(reference);
    }),
  ),
  deepFaultRow('amount-truncated-from-major-units', 'TXN-AMOUNT')(
    'amount is converted back from a float in major units with an integer cast, one minor unit short where the float falls below (1999 → 1998, 435 → 434); meta.display_price.amount stays right.',
    eachItem(route.TRANSACTIONS, (txn) => {
      const scale = 10 ** fractionDigits(txn.currency);
      if (Number.isSafeInteger(txn.amount)) txn.amount = Math.trunc((txn.amount / scale) * scale);
    }),
  ),
  deepFaultRow('payment-order-from-last-checkout', 'TXN-ORDER')(
    'A payment takes the order of its relationship from the last checkout (a "current order" variable set at checkout), not from the path: a transaction made on an older order names the newest one.',
    (app, ctx) => {
      let last: string | undefined;
      const named = new Map<string, string>();
      rewriteResponse([route.CHECKOUT], (body) => {
        last = body.data?.id;
      })(app, ctx);
      rewriteResponse([route.PAYMENTS], (body, request) => {
        if (last && body.data?.id && last !== paramsOf(request).orderId) named.set(body.data.id, last);
      })(app, ctx);
      eachItem(route.TRANSACTIONS, (txn) => {
        const id = named.get(txn.id);
        if (id && txn.relationships?.order?.data) txn.relationships.order.data.id = id;
      })(app, ctx);
    },
  ),
  deepFaultRow('transactions-list-complete-only', 'TXN-LIST')(
    "GET …/transactions lists only the transactions whose status is complete: a payment-intent purchase that is not yet confirmed is missing from its order's list.",
    rewriteResponse([route.LIST], (body) => {
      body.data = body.data.filter((txn: Json) => txn.status === 'complete');
    }),
  ),
  deepFaultRow('capture-large-amount-pending', 'TXN-CAPTURE')(
    `A capture of ${REVIEW_THRESHOLD} minor units or more is held for review and answered with status "pending" instead of "complete".`,
    eachItem([route.CAPTURE], (txn) => {
      if (txn.amount >= REVIEW_THRESHOLD) txn.status = 'pending';
    }),
  ),
  deepFaultRow('confirm-zero-amount-without-intent', 'TXN-CONFIRM')(
    'For an order with nothing to pay (total 0) no payment intent is made with the provider, so the confirm answer has no payment_intent.',
    eachItem([route.CONFIRM], (txn) => {
      if (txn.amount === 0) delete txn.payment_intent;
    }),
  ),
  deepFaultRow('authorize-intent-gateway-method-ignored', 'TXN-AUTHORIZE-MANUAL-ONLY')(
    'POST …/payments dispatches on the gateway alone: { gateway: card_payment_intents, method: authorize } is accepted and starts a payment-intent purchase (the token to come later).',
    beforeHandler([route.PAYMENTS], (request) => {
      const data = dataOf(request);
      if (data.gateway !== 'card_payment_intents' || data.method !== 'authorize') return;
      data.method = 'purchase';
      data.payment ??= 'pm_pending';
    }),
  ),
  deepFaultRow('refund-unknown-id-refunds-order', 'TXN-UNKNOWN')(
    'A refund naming a transaction the order does not have refunds the order\'s latest captured transaction instead ("refund the order" fallback) and answers 200.',
    beforeHandler([route.REFUND], (request, ctx) => {
      const params = paramsOf(request);
      const order = ctx.store.orders.get(params.orderId);
      if (!order || ctx.store.transactions.get(params.transactionId)?.orderId === order.id) return;
      const captured = transactionsOf(ctx.store, order).filter((t) => t.transactionType === 'capture');
      if (captured.length > 0) params.transactionId = captured[captured.length - 1]?.id;
    }),
  ),
  deepFaultRow('refund-replaces-manual-reference', 'TXN-MANUAL-REF')(
    "A refund stores its own refund id (re_…) in the transaction's reference, so a refunded manual transaction no longer has reference 'manual' (in the answer and in the list).",
    rewriteResponse([route.REFUND], (body, _request, _reply, ctx) => {
      const record = ctx.store.transactions.get(body.data?.id);
      if (record?.gateway !== 'manual') return;
      record.reference = `re_${randomAlphanumeric(14)}`;
      body.data.reference = record.reference;
    }),
  ),
  // Integrations (§2.2, §4.2, §6)
  deepFaultRow('observes-underscore-resource-misread', 'INT-GET')(
    'observes is stored as resource_action and read back by turning the first "_" into ".": an event whose resource has an underscore (cart_item.created) reads back as cart.item_created.',
    beforeHandler([route.CREATE_INTEGRATION], (request) => {
      const data = dataOf(request);
      if (Array.isArray(data.observes))
        data.observes = data.observes.map((e: Json) =>
          typeof e === 'string' ? e.replace('.', '_').replace('_', '.') : e,
        );
    }),
  ),
  deepFaultRow('integration-timestamps-zeros-trimmed', 'INT-TIMESTAMP-MS')(
    'Integration timestamps are written with trailing zeros of the fraction trimmed (RFC3339Nano): .120Z becomes .12Z, and a whole second has no fraction at all.',
    eachItem([route.READ_INTEGRATION, route.CREATE_INTEGRATION], (integration) => {
      const stamps = integration.meta?.timestamps ?? {};
      for (const key of Object.keys(stamps)) stamps[key] = trimmedFraction(stamps[key]);
    }),
  ),
  deepFaultRow('integration-delete-echoes-raw-path-id', 'INT-DELETE')(
    'The delete answer takes its id from the raw request path, not the decoded parameter: an id sent with a percent-escape (%2D for "-") is echoed encoded.',
    rewriteResponse([route.DELETE_INTEGRATION], (body, request) => {
      body.data.id = (request.url.split('?', 1)[0] ?? '').split('/').pop();
    }),
  ),
  deepFaultRow('multi-event-integration-delete-one-row', 'INT-DELETE-GONE')(
    'An integration is kept as one row per observed event and DELETE removes one row (LIMIT 1) but answers success: an integration observing several events can still be read after its delete, one event short.',
    answerInstead([route.DELETE_INTEGRATION], (request, reply, ctx) => {
      const { id } = paramsOf(request);
      const integration = ctx.store.integrations.get(id);
      if (!integration || integration.observes.length < 2) return undefined;
      integration.observes.shift();
      return reply.send({ data: { type: 'integration', id } });
    }),
  ),
  deepFaultRow('integration-lookup-by-id-prefix', 'INT-NOT-FOUND')(
    "GET /v2/integrations/:id looks the id up with LIKE ':id%': an id that names nothing but is the start of an existing id answers that integration.",
    answerInstead([route.READ_INTEGRATION], (request, reply, ctx) => {
      const { id } = paramsOf(request);
      if (ctx.store.integrations.get(id)) return undefined;
      const found = allOf(ctx.store.integrations).find((i) => i.id.startsWith(id));
      return found && reply.send({ data: serializeIntegration(found, requestOrigin(request)) });
    }),
    { 'INT-GET': 'The integration answered for a prefix has an id other than the :id asked for.' },
  ),
  // Listings and pagination (§2.5, §8)
  deepFaultRow('page-current-link-snapped-to-grid', 'PAGE-LINKS')(
    'links.current is built from the page number, (current - 1) × limit: at a page[offset] that is not a multiple of page[limit] it names the start of the grid page, not the offset asked for.',
    rewriteResponse(route.SOFT, ({ links, meta }) => {
      const snapped = Math.floor(meta.page.offset / meta.page.limit) * meta.page.limit;
      if (snapped !== meta.page.offset) links.current = withOffset(links.current, snapped);
    }),
  ),
  deepFaultRow('page-offset-past-end-clamped', 'PAGE-OFFSET')(
    'A page[offset] at or past the end of a non-empty listing is clamped to the start of the last page, which is served (records, meta.page.offset and links) in its place.',
    answerInstead(route.SOFT, (request, reply, ctx) => {
      const page = pageOf(request, ctx);
      const { size } = listingOf(request, ctx).rows;
      if (!page || size === 0 || page.offset < size) return undefined;
      return answerPage(request, reply, ctx, {
        ...page,
        offset: Math.floor((size - 1) / page.limit) * page.limit,
      });
    }),
    { 'PAGE-LINKS': 'links.current of the clamped page does not carry the page[offset] asked for.' },
  ),
  gateFaultRow('page-limit-100-refused', 'PAGE-LIMIT')(
    `The maximum page length is checked with >= instead of >: page[limit]=${MAX_PAGE_LIMIT} is refused with 400.`,
    answerInstead(route.SOFT, (request) => {
      if (digitsParam(request, LIMIT, true) === MAX_PAGE_LIMIT)
        return apiError('PAGE_LIMIT_TOO_LARGE', `${LIMIT} must be below ${MAX_PAGE_LIMIT}`);
    }),
  ),
  deepFaultRow('empty-include-page-without-page-meta', 'PAGE-META-EMPTY')(
    'GET /v2/products with an include returns early on an empty page with meta.results only: no meta.page.',
    rewriteResponse([route.PRODUCTS], (body, request) => {
      if (body.data.length === 0 && parseInclude(queryOf(request)).length > 0) delete body.meta.page;
    }),
  ),
  deepFaultRow('page-walk-unstable-on-equal-timestamps', 'PAGE-WALK')(
    'Listings are ordered by created_at alone and records created in the same millisecond come in another order on every page after the first (no tie-breaker), so a walk sees some twice and misses others.',
    answerInstead(route.SOFT, (request, reply, ctx) => {
      const page = pageOf(request, ctx);
      const { rows } = listingOf(request, ctx);
      const all: Json[] = allOf(rows);
      if (!page || ctx.options.listingOrder !== 'oldest-first') return undefined;
      if (!all.some((r, i) => i > 0 && r.createdAt === all[i - 1].createdAt)) return undefined;
      const tie = page.offset === 0 ? 1 : -1;
      all.sort((a, b) => a.createdAt.localeCompare(b.createdAt) || tie * a.id.localeCompare(b.id));
      return answerPage(request, reply, ctx, page, all.slice(page.offset, page.offset + page.limit));
    }),
  ),
  deepFaultRow('results-total-counts-joined-rows', 'PAGE-COUNTS')(
    'With include=categories, GET /v2/products counts the rows of the products × categories join: a product in several categories counts once per category in meta.results.total and meta.page.total.',
    rewriteResponse([route.PRODUCTS], (body, request, _reply, ctx) => {
      if (!includes(request, 'categories')) return;
      const products = allOf(ctx.store.products);
      body.meta.results.total = products.reduce((n, p) => n + Math.max(1, p.categoryIds.length), 0);
      body.meta.page.total = Math.ceil(body.meta.results.total / body.meta.page.limit);
    }),
  ),
  deepFaultRow('default-limit-10-when-offset-given', 'PAGE-DEFAULT-LIMIT')(
    "A request with page[offset] but no page[limit] takes the query builder's own default, 10, instead of the default page length.",
    defaultLimitWhen(route.SOFT, '10', (query) => Object.hasOwn(query, OFFSET)),
  ),
  deepFaultRow('files-listing-no-hard-offset', 'PAGE-OFFSET-HARD')(
    'The hard offset limit lives in the orders repository only: GET /v2/files with page[offset] above 10,000 answers an empty page.',
    answerInstead([route.FILES], (request, reply, ctx) => {
      const page = pageOf(request, ctx);
      if (page && page.offset > OFFSET_LIMIT) return answerPage(request, reply, ctx, page);
    }),
  ),
  deepFaultRow('page-limit-zero-divides-by-zero', 'PAGE-BAD-PARAMS')(
    'page[limit]=0 passes the checks (only > 100 is refused) and is divided by: meta.page.current and meta.page.total come out NaN or Infinity, written as null, and links.last as page[offset]=NaN.',
    answerInstead(route.SOFT, (request, reply, ctx) => {
      if (digitsParam(request, LIMIT) !== 0) return undefined;
      const offset = digitsParam(request, OFFSET, true) ?? 0;
      return answerPage(request, reply, ctx, { limit: 0, offset });
    }),
  ),
  // Includes (§4.3)
  deepFaultRow('include-products-live-only', 'INC-PRODUCTS')(
    "The include query filters on status = live: a category's products of another status (draft) are left out of included.products while relationships.products.data names them.",
    rewriteResponse([route.CATEGORY], (body) => {
      const live = body.included?.products?.filter((product: Json) => product.status === 'live');
      if (live?.length) body.included.products = live;
      else if (live) delete body.included;
    }),
  ),
  deepFaultRow('included-single-entity-unwrapped', 'INC-SHAPE')(
    'An included resource with exactly one entity is written as that object, not an array of one (a "singular when one" serialiser).',
    rewriteResponse([route.CATEGORY, route.PRODUCTS, route.PRODUCT], (body) => {
      for (const [key, list] of Object.entries(body.included ?? {}))
        if (Array.isArray(list) && list.length === 1) body.included[key] = list[0];
    }),
    {
      'INC-PRODUCTS': 'For a category with one product, included.products is not a list of Product objects.',
    },
  ),
  deepFaultRow('nested-include-refused', 'INC-UNSUPPORTED')(
    'On the reads of one category or product, an include path with a dot (products.categories, a JSON:API nested include) is refused with 400 instead of being ignored as unsupported.',
    answerInstead([route.CATEGORY, route.PRODUCT], (request) => {
      const nested = parseInclude(queryOf(request)).find((name) => name.includes('.'));
      if (nested)
        return apiError('INVALID_QUERY', `nested include "${nested.slice(0, 40)}" is not supported`);
    }),
  ),
  deepFaultRow('included-shared-category-repeated', 'INC-LINKAGE')(
    'GET /v2/products?include=categories collects the categories product by product without removing repeats: a category shared by two products of the page is included twice.',
    rewriteResponse([route.PRODUCTS], (body, request, _reply, ctx) => {
      if (!includes(request, 'categories') || !body.included?.categories) return;
      const links = productsIn(body).flatMap((p: Json) => p.relationships?.categories?.data ?? []);
      body.included.categories = links.flatMap((link: Json) => {
        const category = ctx.store.categories.get(link.id);
        return category ? [serializeCategory(category)] : [];
      });
    }),
  ),
  deepFaultRow('managed-stock-level-null', 'PRD-SCHEMA')(
    'A product with manage_stock true has meta.stock.level null until stock is first set (a LEFT JOIN on an inventory row that does not exist yet).',
    rewriteResponse([route.PRODUCTS, route.PRODUCT, route.CATEGORY, route.CREATE_PRODUCT], (body) => {
      for (const product of productsIn(body))
        if (product.manage_stock === true && product.meta?.stock?.level === 0)
          product.meta.stock.level = null;
    }),
  ),
];

/** The third held-out set (issue 34): written from the specification alone, different from the first two. */
import type { FastifyRequest } from 'fastify';
import { apiError } from '../../errors.ts';
import { hasBearerToken } from '../../http/auth.ts';
import { parseInclude } from '../../http/params.ts';
import { MAX_PAGE_LIMIT, OFFSET_LIMIT } from '../../limits.ts';
import { displayPrice } from '../../serialize/money.ts';
import { categoriesOfProducts, serializeCategory, serializeTransaction } from '../../serialize/resources.ts';
import { transactionsOf } from '../../store/payments.ts';
import type { IntegrationRecord } from '../../store/records.ts';
import { rawIncludeNames } from '../depth/includes.ts';
import { deepFaultRow, type Fault, gateFaultRow } from '../fault.ts';
import {
  allOf,
  answerFirst,
  answerInstead,
  beforeAuth,
  beforeHandler,
  cachedReads,
  categoriesIn,
  dataOf,
  eachItem,
  errorOf,
  type Json,
  orderOf,
  paramsOf,
  passAuth,
  productsIn,
  queryOf,
  remembering,
  rewritePayload,
  rewriteResponse,
  routedTo,
  routeOf,
} from '../hooks.ts';
import { answerPage, listingOf, offsetOrZero, pageOf, withOffset } from '../pages.ts';
import * as route from '../routes.ts';
import { DIGITS, digitsParam, LIMIT, OFFSET, rawQuery, SUPPORTED_INCLUDES } from '../routes.ts';

/** How long `public-cache-serves-anonymous-repeat` keeps an answer (Cache-Control: public, max-age=60). */
const CACHE_SECONDS = 60;

const JWT = /^[A-Za-z0-9_-]+\.([A-Za-z0-9_-]+)\.[A-Za-z0-9_-]*$/;

export const THIRD_SET: Fault[] = [
  // Authentication (§5)
  deepFaultRow('public-cache-serves-anonymous-repeat', 'AUTH-REQUIRED')(
    'Reads are answered with Cache-Control: public, so the shared cache in front of the API serves a GET without Authorization from the answer of the same URL read with a valid token in the last 60 s (requests with an Authorization header, valid or not, bypass the cache).',
    (app, ctx) => {
      const kept = new Map<string, { at: number; type: string; payload: string }>();
      answerFirst((request, reply) => {
        if (request.method !== 'GET' || request.headers.authorization !== undefined) return undefined;
        const hit = kept.get(request.url);
        if (hit === undefined || Date.now() - hit.at > CACHE_SECONDS * 1000) return undefined;
        return reply.code(200).type(hit.type).send(hit.payload);
      })(app, ctx);
      rewritePayload((payload, reply, request) => {
        const read = request.method === 'GET' && reply.statusCode === 200 && routedTo(request, route.READS);
        const authenticated = hasBearerToken(request.headers.authorization, ctx.options.token);
        if (read && authenticated && typeof payload === 'string') {
          const type = String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8');
          kept.set(request.url, { at: Date.now(), type, payload });
        }
        return payload;
      })(app, ctx);
    },
  ),
  deepFaultRow('jwt-shaped-token-not-verified', 'AUTH-INVALID')(
    'A bearer token shaped as a JWT (three base64url segments whose middle one is a JSON object) is decoded but its signature is never verified, so any such token is accepted; other invalid tokens are refused.',
    beforeAuth((request, ctx) => {
      const token = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
      const claims = token === undefined ? undefined : JWT.exec(token)?.[1];
      if (claims === undefined || token === ctx.options.token) return;
      try {
        const decoded = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
        if (decoded && typeof decoded === 'object' && !Array.isArray(decoded)) passAuth(request, ctx);
      } catch {
        // Not a JWT: the token is compared as usual.
      }
    }),
  ),
  // Transactions (§2.1, §3, §4.1)
  deepFaultRow('refunded-amounts-numeric-strings', 'TXN-SCHEMA')(
    'GET …/transactions reads refunded transactions through the refunds table, whose NUMERIC amount column the database driver returns as a string: a refunded transaction is listed with amount and meta.display_price.amount as strings ("2500"); the refund answer itself and the other transactions are right.',
    eachItem([route.LIST], (txn) => {
      if (txn?.transaction_type !== 'refund') return;
      txn.amount = String(txn.amount);
      if (txn.meta?.display_price) txn.meta.display_price.amount = String(txn.meta.display_price.amount);
    }),
  ),
  deepFaultRow('display-price-ignores-quantity', 'TXN-AMOUNT')(
    "meta.display_price of a transaction is summed from the unit prices of the order's lines without their quantities: on an order with a line of quantity 2 or more (the same product added to the cart twice), display_price.amount is less than amount.",
    eachItem(route.TRANSACTIONS, (txn, _request, ctx) => {
      const order = orderOf(ctx, txn);
      if (!order || !txn.meta?.display_price || order.items.every((item) => item.quantity === 1)) return;
      const units = order.items.reduce((sum, item) => sum + item.unitAmount, 0);
      txn.meta.display_price = displayPrice(units, txn.currency);
    }),
  ),
  deepFaultRow('order-link-from-reused-cart', 'TXN-ORDER')(
    "A transaction finds its order through the cart reference it was checked out from (first match): on an order checked out from a cart reference that an earlier checkout already used, every transaction's relationships.order.data.id names that earlier order.",
    (app, ctx) => {
      const firstOfCart = new Map<string, string>();
      const firstOfOrder = new Map<string, string>();
      rewriteResponse([route.CHECKOUT], (body, request) => {
        const id = body?.data?.id;
        const cartRef = paramsOf(request).cartRef;
        if (typeof id !== 'string' || typeof cartRef !== 'string') return;
        const first = firstOfCart.get(cartRef) ?? id;
        firstOfCart.set(cartRef, first);
        if (first !== id) firstOfOrder.set(id, first);
      })(app, ctx);
      eachItem(route.TRANSACTIONS, (txn) => {
        const link = txn?.relationships?.order?.data;
        const first = link ? firstOfOrder.get(link.id) : undefined;
        if (first !== undefined) link.id = first;
      })(app, ctx);
    },
  ),
  deepFaultRow('transactions-list-cached-until-action', 'TXN-LIST')(
    "GET …/transactions is cached per order once it lists something; capture, refund and confirm clear the order's entry but POST …/payments does not, so a payment started after the order's transactions were listed is missing from the list until the next action on that order.",
    // A per-order cache of the listing, cleared by the actions but not by new payments.
    cachedReads(
      route.LIST,
      'orderId',
      (copy) => (Array.isArray(copy?.data) && copy.data.length > 0 ? copy : undefined),
      route.ACTIONS,
    ),
  ),
  deepFaultRow('authorize-refused-after-product-deleted', 'TXN-AUTHORIZE')(
    "A manual authorization reserves stock for the order's lines and is refused (409) when a product of the order has been deleted since checkout; a payment-intent purchase, which reserves nothing, still succeeds.",
    answerInstead([route.PAYMENTS], (request, _reply, ctx) => {
      const data = dataOf(request);
      const order = ctx.store.orders.get(paramsOf(request).orderId);
      if (!order || data.gateway !== 'manual' || data.method !== 'authorize') return undefined;
      const gone = order.items.find((item) => ctx.store.products.get(item.productId) === undefined);
      if (gone !== undefined)
        return apiError('CONFLICT', `cannot reserve stock: product "${gone.productId}" no longer exists`);
    }),
  ),
  deepFaultRow('refund-partial-on-order-paid-twice', 'TXN-REFUND')(
    'A refund on an order that another transaction still pays (a second capture, or a confirmed payment-intent purchase) is answered with transaction_type partial_refund, the order being only partly refunded; the transaction is stored and listed as refund.',
    rewriteResponse([route.REFUND], (body, request, _reply, ctx) => {
      const order = ctx.store.orders.get(paramsOf(request).orderId);
      if (!order || !body?.data) return;
      const paidElsewhere = transactionsOf(ctx.store, order).some(
        (t) =>
          t.id !== body.data.id &&
          (t.transactionType === 'capture' || (t.transactionType === 'purchase' && t.status === 'complete')),
      );
      if (paidElsewhere) body.data.transaction_type = 'partial_refund';
    }),
  ),
  deepFaultRow('refund-meta-kept-with-custom-reference', 'TXN-REFUND-NO-META')(
    'The refund answer of a transaction that was captured with a custom_reference carries meta (display_price and timestamps): the refund serialiser drops meta only on its branch for transactions without a custom reference.',
    rewriteResponse([route.REFUND], (body, _request, _reply, ctx) => {
      const record = ctx.store.transactions.get(body?.data?.id ?? '');
      if (record?.customReference === undefined) return;
      body.data.meta = serializeTransaction(record).meta;
    }),
  ),
  deepFaultRow('confirm-secret-null-for-legacy-token', 'TXN-CONFIRM')(
    'A confirm whose payment token is not a payment-method id (pm_…), such as a legacy card token tok_…, answers payment_intent.client_secret null: the provider attaches such a token through a source, and the secret is read before it is set.',
    rewriteResponse([route.CONFIRM], (body, request) => {
      const payment = dataOf(request).payment;
      if (typeof payment === 'string' && !payment.startsWith('pm_') && body?.data?.payment_intent)
        body.data.payment_intent.client_secret = null;
    }),
  ),
  gateFaultRow('refunded-manual-reference-display-name', 'TXN-MANUAL-REF')(
    'A refund rewrites the reference of a manual transaction with the gateway\'s display name: a refunded manual transaction has reference "Manual" (refund answer and listing); authorized and captured ones keep "manual".',
    eachItem(route.TRANSACTIONS, (txn) => {
      if (txn?.gateway === 'manual' && txn.transaction_type === 'refund') txn.reference = 'Manual';
    }),
  ),
  // Integrations (§2.2, §4.2, §6)
  deepFaultRow('webhook-url-merges-observes', 'INT-GET')(
    'Creating a webhook whose configuration.url another integration already calls also adds the new observes to that other integration (the subscriptions of one endpoint are merged): reading the earlier integration shows events it was not created with.',
    rewriteResponse([route.CREATE_INTEGRATION], (body, _request, _reply, ctx) => {
      const created = body?.data;
      if (!created || !Array.isArray(created.observes)) return;
      for (const other of allOf(ctx.store.integrations)) {
        if (other.id === created.id || other.url !== created.configuration?.url) continue;
        for (const event of created.observes) if (!other.observes.includes(event)) other.observes.push(event);
        other.updatedAt = ctx.store.now();
      }
    }),
  ),
  deepFaultRow('integration-recreate-revives-deleted', 'INT-DELETE-GONE')(
    "Integrations are soft-deleted, and creating a webhook for a URL clears the deleted mark of that URL's rows (an upsert) before inserting the new one: after create A, delete A, create B with A's configuration.url, A can be read again.",
    (app, ctx) => {
      const deleted: IntegrationRecord[] = [];
      beforeHandler([route.DELETE_INTEGRATION], (request) => {
        const integration = ctx.store.integrations.get(paramsOf(request).id);
        if (integration) deleted.push(integration);
      })(app, ctx);
      rewriteResponse([route.CREATE_INTEGRATION], (body) => {
        const url = body?.data?.configuration?.url;
        const revived = deleted.filter((record) => record.url === url).reverse();
        deleted.splice(0, deleted.length, ...deleted.filter((record) => record.url !== url));
        for (const record of revived)
          if (!ctx.store.integrations.get(record.id)) ctx.store.integrations.add(record);
      })(app, ctx);
    },
  ),
  deepFaultRow('integration-redelete-answers-tombstone', 'INT-NOT-FOUND')(
    'DELETE /v2/integrations/:id of an integration that was already deleted answers 200 { data: { type, id } } again (the delete looks the id up among tombstones too); reads of it and deletes of ids never used answer 404.',
    (app, ctx) => {
      const gone = new Set<string>();
      rewriteResponse([route.DELETE_INTEGRATION], (_body, request) => {
        gone.add(paramsOf(request).id);
      })(app, ctx);
      answerInstead([route.DELETE_INTEGRATION], (request, reply) => {
        const { id } = paramsOf(request);
        if (gone.has(id) && !ctx.store.integrations.get(id))
          return reply.send({ data: { type: 'integration', id } });
      })(app, ctx);
    },
  ),
  deepFaultRow('integration-delete-empty-json-body-refused', 'INT-DELETE')(
    "DELETE /v2/integrations/:id sent with Content-Type: application/json and no body is refused 400 by the framework's default JSON parser (\"Body cannot be empty when content-type is set to 'application/json'\") and deletes nothing; without the header it succeeds.",
    answerInstead([route.DELETE_INTEGRATION], (request) => {
      const type = String(request.headers['content-type'] ?? '');
      return /^application\/json/i.test(type) && request.body === undefined
        ? apiError('MALFORMED_JSON', "Body cannot be empty when content-type is set to 'application/json'")
        : undefined;
    }),
  ),
  deepFaultRow('integration-cached-read-timestamps-seconds', 'INT-TIMESTAMP-MS')(
    'Reads of an integration after the first are served from a cache that stores times as Unix seconds: from the second read on, meta.timestamps are given without milliseconds (a delete clears the entry).',
    cachedReads(
      route.READ_INTEGRATION,
      'id',
      (copy) => {
        const stamps = copy?.data?.meta?.timestamps ?? {};
        for (const key of ['created_at', 'updated_at'])
          if (typeof stamps[key] === 'string') stamps[key] = stamps[key].replace(/\.\d+Z$/, 'Z');
        return copy;
      },
      [route.DELETE_INTEGRATION],
    ),
    { 'INT-SCHEMA': 'The Integration schema (§2.2) gives meta.timestamps with milliseconds.' },
  ),
  // Pagination (§2.5, §8)
  gateFaultRow('links-limit-only-when-given', 'PAGE-LINKS')(
    'The listing links are built from the query as sent plus page[offset]: without page[limit] in the request, links.current, first, last, prev and next carry no page[limit] (the page is served at the default length).',
    rewriteResponse(route.SOFT, (body, request) => {
      if (Object.hasOwn(queryOf(request), LIMIT) || !body?.links) return;
      for (const [key, link] of Object.entries(body.links))
        if (typeof link === 'string') body.links[key] = link.replace(/page\[limit\]=\d+&?/, '');
    }),
  ),
  gateFaultRow('offset-past-end-clamped-to-last-page', 'PAGE-OFFSET')(
    'A page[offset] at or past the end of a non-empty listing is clamped to the start of its last page: the records of the last page are served and meta.page.offset says where that page starts, while links.current still echoes the offset asked for.',
    remembering(
      route.SOFT,
      (request, ctx) => {
        const page = pageOf(request, ctx);
        const total = listingOf(request, ctx).rows.size;
        if (!page || total === 0 || page.offset < total) return undefined;
        queryOf(request)[OFFSET] = String((Math.ceil(total / page.limit) - 1) * page.limit);
        return page.offset;
      },
      (body, asked) => {
        if (typeof body?.links?.current === 'string')
          body.links.current = withOffset(body.links.current, asked);
      },
    ),
  ),
  deepFaultRow('deleted-rows-cut-into-pages', 'PAGE-WALK')(
    'Deletes of products and categories are soft, and a listing cuts its page (offset, limit) from all rows before it drops the deleted ones: after a delete, pages come out short while links and meta count only the live records, so a walk along links.next stops before the last records.',
    (app, ctx) => {
      const { store } = ctx;
      const rowsOf: Record<string, string[]> = {
        [route.PRODUCTS]: allOf(store.products).map((product) => product.id),
        [route.CATEGORIES]: allOf(store.categories).map((category) => category.id),
      };
      const deleted = new Set<string>();
      rewriteResponse([route.CREATE_PRODUCT], (body) => {
        rowsOf[route.PRODUCTS]?.push(body.data.id);
      })(app, ctx);
      rewriteResponse([route.CREATE_CATEGORY], (body) => {
        rowsOf[route.CATEGORIES]?.push(body.data.id);
      })(app, ctx);
      rewriteResponse([route.DELETE_PRODUCT, route.DELETE_CATEGORY], (_body, request) => {
        deleted.add(paramsOf(request).id);
      })(app, ctx);
      answerInstead(route.SOFT, (request, reply) => {
        const all = rowsOf[routeOf(request)] ?? [];
        const page = pageOf(request, ctx);
        if (page === undefined || !all.some((id) => deleted.has(id))) return undefined;
        const { rows } = listingOf(request, ctx);
        const ordered = ctx.options.listingOrder === 'newest-first' ? [...all].reverse() : all;
        const records = ordered
          .slice(page.offset, page.offset + page.limit)
          .flatMap((id) => rows.get(id) ?? []);
        return answerPage(request, reply, ctx, page, records);
      })(app, ctx);
    },
  ),
  deepFaultRow('results-total-counts-join-rows', 'PAGE-COUNTS')(
    'With include=categories, GET /v2/products counts the rows of the products-to-categories join instead of the products: a product linked to n categories counts n times (one without any, once), so meta.results.total and meta.page.total are too high; the records and links are right.',
    rewriteResponse([route.PRODUCTS], (body, request, _reply, ctx) => {
      if (!parseInclude(queryOf(request)).includes('categories') || !body?.meta?.page) return;
      const joined = allOf(ctx.store.products).reduce((n, p) => n + Math.max(1, p.categoryIds.length), 0);
      body.meta.results.total = joined;
      body.meta.page.total = Math.ceil(joined / body.meta.page.limit);
    }),
  ),
  gateFaultRow('default-limit-sticks-to-last-explicit', 'PAGE-DEFAULT-LIMIT')(
    'The listings merge the page parameters of each request into a shared defaults object: after any request with page[limit]=n to /v2/categories or /v2/products, requests without page[limit] are served at n instead of the default 100.',
    (app, ctx) => {
      let sticky: string | undefined;
      beforeHandler(route.SOFT, (request) => {
        const query = queryOf(request);
        const limit = digitsParam(request, LIMIT, true);
        if (limit !== undefined && limit >= 1 && limit <= MAX_PAGE_LIMIT) sticky = String(limit);
        else if (!Object.hasOwn(query, LIMIT) && sticky !== undefined) query[LIMIT] = sticky;
      })(app, ctx);
    },
  ),
  deepFaultRow('max-limit-checked-on-parseint', 'PAGE-MAX-LIMIT')(
    'page[limit] is checked against the maximum with parseInt but applied with Number: a value in exponent notation (1e3, 2e2) passes the check as 1 or 2 and is served as a page of up to 1000 or 200 records, echoed in meta.page.limit.',
    answerInstead(route.SOFT, (request, reply, ctx) => {
      const raw = queryOf(request)[LIMIT];
      if (typeof raw !== 'string' || DIGITS.test(raw)) return undefined;
      const checked = Number.parseInt(raw, 10);
      const applied = Number(raw);
      if (!(checked >= 1 && checked <= MAX_PAGE_LIMIT)) return undefined;
      if (!Number.isSafeInteger(applied) || applied <= MAX_PAGE_LIMIT) return undefined;
      const offset = offsetOrZero(request);
      return offset === undefined ? undefined : answerPage(request, reply, ctx, { limit: applied, offset });
    }),
  ),
  gateFaultRow('hard-offset-unchecked-on-files', 'PAGE-OFFSET-HARD')(
    `The hard offset limit is enforced on /v2/orders only: /v2/files (served by the generic listing) answers page[offset] above ${OFFSET_LIMIT} with an empty page instead of 4xx.`,
    answerInstead([route.FILES], (request, reply, ctx) => {
      const page = pageOf(request, ctx);
      if (page && page.offset > OFFSET_LIMIT) return answerPage(request, reply, ctx, page);
    }),
  ),
  gateFaultRow('soft-offset-redirect', 'PAGE-OFFSET-SOFT')(
    `page[offset] above ${OFFSET_LIMIT} on /v2/categories and /v2/products is answered 302 Found without a body, redirecting to the same listing at page[offset]=${OFFSET_LIMIT} (the soft limit applied as a redirect).`,
    answerInstead(route.SOFT, (request, reply) => {
      const offset = digitsParam(request, OFFSET, true);
      if (offset === undefined || offset <= OFFSET_LIMIT) return undefined;
      const [path, query = ''] = request.url.split('?');
      const location = `${path}?${query.replace(/page(?:\[|%5B)offset(?:\]|%5D)=\d+/i, `${OFFSET}=${OFFSET_LIMIT}`)}`;
      return reply.code(302).header('location', location).send();
    }),
  ),
  deepFaultRow('fractional-limit-echoed', 'PAGE-BAD-PARAMS')(
    'page[limit] is parsed with Number() and checked only to lie in (0, 100]: a non-integer such as 2.5 is served (2 records) and echoed as meta.page.limit 2.5 and page[limit]=2.5 in the links; a value that is not a number is still refused.',
    answerInstead(route.SOFT, (request, reply, ctx) => {
      const raw = queryOf(request)[LIMIT];
      const limit = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : Number.NaN;
      if (!Number.isFinite(limit) || Number.isInteger(limit) || limit <= 0 || limit > MAX_PAGE_LIMIT) return;
      const offset = offsetOrZero(request);
      return offset === undefined ? undefined : answerPage(request, reply, ctx, { limit, offset });
    }),
  ),
  // Includes (§4.3)
  deepFaultRow('include-encoded-comma-not-split', 'INC-PRODUCTS')(
    'GET /v2/categories/:id splits the raw include value at "," before percent-decoding it: a list whose comma is percent-encoded (include=products%2Cmain_image, as URL encoders write it) is read as one unsupported name, and the answer has no included.products.',
    beforeHandler([route.CATEGORY], (request) => {
      // The raw (still percent-encoded) values of the include parameters, in order.
      const raws = rawQuery(request)
        .split('&')
        .flatMap((part) => (part.startsWith('include=') ? [part.slice('include='.length)] : []));
      if (!raws.some((raw) => /%2c/i.test(raw))) return;
      try {
        const names = raws
          .flatMap((raw) => raw.split(','))
          .map((name) => decodeURIComponent(name.replace(/\+/g, ' ')));
        const kept = names.filter((name) => !name.includes(','));
        if (kept.length > 0) queryOf(request).include = kept.join(',');
        else delete queryOf(request).include;
      } catch {
        // A malformed escape: left to the server.
      }
    }),
  ),
  deepFaultRow('include-limit-three', 'INC-MULTI')(
    'The include list is capped at 3 names instead of the soft limit of 5 (a wrong constant): 4 or 5 comma-separated values are refused with 400 on GET /v2/categories/:id and GET /v2/products; 2 or 3 are served.',
    answerInstead([route.CATEGORY, route.PRODUCTS], (request) => {
      const names = new Set(rawIncludeNames(request));
      if (names.size > 3)
        return apiError('INVALID_QUERY', `include takes at most 3 values, got ${names.size}`);
    }),
  ),
  deepFaultRow('include-near-miss-refused', 'INC-UNSUPPORTED')(
    'An unsupported include that is close to a supported one (another letter case, or the supported name without its final "s": Products, product, file) is refused with 400 "did you mean …?" instead of being ignored; other unsupported names are ignored.',
    answerInstead([route.CATEGORY, route.PRODUCTS], (request) => {
      const supported = SUPPORTED_INCLUDES[routeOf(request)] ?? [];
      for (const name of parseInclude(queryOf(request))) {
        if (supported.includes(name)) continue;
        const lower = name.toLowerCase();
        const near = supported.find((known) => known === lower || known === `${lower}s`);
        if (near !== undefined)
          return apiError(
            'INVALID_QUERY',
            `include "${name}" is not supported here; did you mean "${near}"?`,
          );
      }
    }),
  ),
  deepFaultRow('empty-page-included-object', 'INC-NONE-RELATED')(
    'GET /v2/products with a supported include (categories, files, main_image) on a page with no records (an offset past the end, or no products at all) answers included: {} (the empty-page path builds the envelope with a placeholder included).',
    rewriteResponse([route.PRODUCTS], (body, request) => {
      if (!Array.isArray(body?.data) || body.data.length > 0 || body.included) return;
      const supported = SUPPORTED_INCLUDES[route.PRODUCTS] ?? [];
      if (parseInclude(queryOf(request)).some((name) => supported.includes(name))) body.included = {};
    }),
  ),
  deepFaultRow('include-main-image-falls-through', 'INC-LINKAGE')(
    'In GET /v2/products the include switch has no break after main_image, which falls through to categories: include=main_image,categories includes each related category twice (include=main_image alone includes them once).',
    rewriteResponse([route.PRODUCTS], (body, request, _reply, ctx) => {
      if (!parseInclude(queryOf(request)).includes('main_image') || !Array.isArray(body?.data)) return;
      const products = body.data.flatMap((product: Json) => ctx.store.products.get(product?.id) ?? []);
      const categories = categoriesOfProducts(ctx.store, products).map(serializeCategory);
      if (categories.length === 0) return;
      body.included = {
        ...body.included,
        categories: [...(body.included?.categories ?? []), ...categories],
      };
    }),
  ),
  gateFaultRow('category-background-image-null-by-default', 'CAT-SCHEMA')(
    'A category created without background_image has background_image null (the placeholder default is applied by the dashboard, not by the API): in the create answer, reads, listings and included categories; a category created with one shows it.',
    (app, ctx) => {
      const without = new Set<string>();
      remembering(
        [route.CREATE_CATEGORY],
        (request) => (dataOf(request).background_image === undefined ? true : undefined),
        (body) => {
          if (typeof body?.data?.id === 'string') without.add(body.data.id);
        },
      )(app, ctx);
      rewriteResponse(
        [route.CREATE_CATEGORY, route.CATEGORY, route.CATEGORIES, route.PRODUCTS, route.PRODUCT],
        (body) => {
          for (const category of categoriesIn(body))
            if (without.has(category?.id)) category.background_image = null;
        },
      )(app, ctx);
    },
  ),
  deepFaultRow('with-tax-missing-for-tax-exclusive-price', 'PRD-SCHEMA')(
    'A product whose first price has includes_tax: false has no meta.display_price.with_tax (with no tax rate configured the tax-inclusive price is left out instead of shown as is), in every answer that carries the product; tax-inclusive prices are right.',
    rewriteResponse([route.CREATE_PRODUCT, route.PRODUCT, route.PRODUCTS, route.CATEGORY], (body) => {
      for (const product of productsIn(body))
        if (product?.price?.[0]?.includes_tax === false && product.meta?.display_price)
          delete product.meta.display_price.with_tax;
    }),
  ),
  // HTTP (§1, §7)
  deepFaultRow('conflict-errors-as-text', 'HTTP-JSON')(
    "A capture, refund or confirm that the transaction's state refuses (a second capture, a refund of an authorization, a second confirm) answers 409 with a text/plain body (the state machine throws a string, which the framework sends as is); other errors stay JSON.",
    rewritePayload((payload, reply, request) => {
      if (reply.statusCode !== 409 || !routedTo(request, route.ACTIONS) || typeof payload !== 'string')
        return payload;
      const detail = errorOf(payload)?.detail ?? 'Conflict';
      reply.header('content-type', 'text/plain; charset=utf-8');
      return detail;
    }),
  ),
  deepFaultRow('include-repeated-key-crashes', 'HTTP-NO-5XX')(
    'include given as a repeated key (include=products&include=main_image) reaches the include parser as an array and crashes it: GET /v2/categories/:id and GET /v2/products answer 500 "include.split is not a function".',
    answerInstead([route.CATEGORY, route.PRODUCTS], (request) =>
      Array.isArray(queryOf(request).include)
        ? apiError('INTERNAL', 'TypeError: include.split is not a function')
        : undefined,
    ),
  ),
  deepFaultRow('include-cache-derefs-deleted-product', 'HTTP-NO-5XX')(
    'GET /v2/categories/:id?include=products keeps the ids of the products it included (refreshed when products are linked to the category, not when one is deleted) and loads them one by one: after a product it included is deleted, the next include=products read of that category answers 500.',
    (app, ctx) => {
      const cached = new Map<string, string[]>();
      const wantsProducts = (request: FastifyRequest) => parseInclude(queryOf(request)).includes('products');
      answerInstead([route.CATEGORY], (request) => {
        const ids = cached.get(paramsOf(request).id);
        if (ids === undefined || !wantsProducts(request)) return undefined;
        if (ids.some((id) => ctx.store.products.get(id) === undefined))
          return apiError('INTERNAL', "TypeError: Cannot read properties of undefined (reading 'name')");
      })(app, ctx);
      rewriteResponse([route.CATEGORY], (body, request) => {
        if (wantsProducts(request) && typeof body?.data?.id === 'string')
          cached.set(
            body.data.id,
            (body.included?.products ?? []).map((product: Json) => product.id),
          );
      })(app, ctx);
      beforeHandler([route.LINK_CATEGORIES], (request) => {
        const links = (request.body as Json)?.data;
        if (Array.isArray(links)) for (const link of links) cached.delete(link?.id);
      })(app, ctx);
      rewriteResponse([route.DELETE_CATEGORY], (_body, request) => {
        cached.delete(paramsOf(request).id);
      })(app, ctx);
    },
  ),
  deepFaultRow('empty-transaction-list-null', 'ENV-LIST')(
    'GET /v2/orders/:orderId/transactions of an order without transactions answers { "data": null } (an empty slice left nil and serialised as null); orders with transactions are listed as an array.',
    rewriteResponse([route.LIST], (body) => {
      if (Array.isArray(body?.data) && body.data.length === 0) body.data = null;
    }),
    { 'TXN-LIST': 'The list of an order without transactions is not { data: [...] } but data: null.' },
  ),
];

import { parseInclude } from '../http/params.ts';
import { serializeCategory, serializeTransaction } from '../serialize/resources.ts';
import { transactionsOf } from '../store/payments.ts';
import { bypassAuth } from './authentication.ts';
import { deepFaultRow, type Fault, gateFaultRow } from './fault.ts';
import {
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
  type Route,
  remembering,
  rewriteResponse,
  routedTo,
  routeOf,
} from './hooks.ts';
import * as route from './routes.ts';

export const SEQUENCE_FAULTS: Fault[] = [
  gateFaultRow('capture-updates-newest-authorization', 'TXN-CAPTURE')(
    "Capturing a manual authorization that is not the order's newest captures the newest one instead (UPDATE … WHERE order_id ORDER BY created_at DESC LIMIT 1), then answers the transaction asked for as it still is: transaction_type authorize.",
    remembering(
      [route.CAPTURE],
      (request, ctx) => {
        const found = pathRecords(ctx, request);
        if (found?.txn.gateway !== 'manual' || found.txn.transactionType !== 'authorize') return undefined;
        const newest = transactionsOf(ctx.store, found.order)
          .filter((t) => t.gateway === 'manual' && t.transactionType === 'authorize')
          .at(-1);
        if (!newest || newest.id === found.txn.id) return undefined;
        paramsOf(request).transactionId = newest.id;
        return found.txn.id;
      },
      (_body, id, _request, ctx) => {
        const txn = ctx.store.transactions.get(id);
        return txn ? { data: serializeTransaction(txn) } : undefined;
      },
    ),
    {
      'TXN-CAPTURE-REF':
        'The answer is the transaction asked for, untouched: the custom_reference went to the newest one.',
      'TXN-REFUND':
        'The transaction asked for stays authorized after a capture answered 2xx, so its refund is refused.',
    },
  ),
  gateFaultRow('second-refund-on-order-skipped', 'TXN-REFUND')(
    'A refund of a captured transaction on an order that already has a refunded one is skipped (the order counts as refunded) and answered 200 with the transaction as it is: transaction_type capture.',
    answerInstead([route.REFUND], (request, reply, ctx) => {
      const found = pathRecords(ctx, request);
      if (found?.txn.transactionType !== 'capture') return undefined;
      const refunded = transactionsOf(ctx.store, found.order).some((t) => t.transactionType === 'refund');
      if (refunded) return reply.send({ data: serializeTransaction(found.txn, { omitMeta: true }) });
    }),
  ),
  gateFaultRow('transactions-listed-one-per-gateway', 'TXN-LIST')(
    'GET …/transactions lists one transaction per gateway, the newest (the rows are collected in a map keyed by gateway): an order with several manual transactions lists only its newest.',
    rewriteResponse([route.LIST], (body) => {
      const byGateway = new Map<unknown, Json>();
      for (const txn of dataItems(body)) byGateway.set(txn?.gateway, txn);
      return { ...body, data: [...byGateway.values()] };
    }),
  ),
  gateFaultRow('manual-reference-from-order-intent', 'TXN-MANUAL-REF')(
    "On an order that also holds a payment-intent transaction, manual transactions carry that payment-intent id as reference (the reference is read from the order's payment-intent column whenever it is set).",
    eachItem(route.TRANSACTIONS, (txn, _request, ctx) => {
      const order = orderOf(ctx, txn);
      if (txn?.gateway !== 'manual' || !order) return;
      const intent = transactionsOf(ctx.store, order).find((t) => t.gateway === 'card_payment_intents');
      if (intent) txn.reference = intent.reference;
    }),
  ),
  gateFaultRow('capture-reference-per-order', 'TXN-CAPTURE-REF')(
    'custom_reference is kept on the order, the first one given wins (COALESCE(order.custom_reference, ?)): a capture with a reference on an order where one was captured with another answers the earlier reference.',
    (app, ctx) => {
      const byOrder = new Map<string, string>();
      beforeHandler([route.CAPTURE], (request) => {
        const found = pathRecords(ctx, request);
        const data = dataOf(request);
        if (!found || typeof data.custom_reference !== 'string') return;
        const first = byOrder.get(found.order.id);
        if (first === undefined) byOrder.set(found.order.id, data.custom_reference);
        else data.custom_reference = first;
      })(app, ctx);
    },
  ),
  gateFaultRow('deleted-product-still-related', 'INC-PRODUCTS')(
    "Deleting a product does not unlink it from its categories (no cascade on the link table): the category's relationships.products.data still names it, while include=products shows only the products that exist.",
    // Remembers the product links of the deleted product's categories, as they were before the delete.
    remembering(
      [route.DELETE_PRODUCT],
      (request, ctx) => {
        const links = new Map<string, string[]>();
        for (const id of ctx.store.products.get(paramsOf(request).id)?.categoryIds ?? []) {
          const category = ctx.store.categories.get(id);
          if (category) links.set(id, [...category.productIds]);
        }
        return links;
      },
      (_body, before, request, ctx) => {
        const deleted = paramsOf(request).id;
        for (const [id, links] of before) {
          const category = ctx.store.categories.get(id);
          if (category)
            category.productIds = links.filter((p) => p === deleted || category.productIds.includes(p));
        }
      },
    ),
    { 'CAT-SCHEMA': 'The category relates a product the run deleted: not exactly the products it linked.' },
  ),
  gateFaultRow('deleted-category-still-included', 'INC-LINKAGE')(
    'GET /v2/products?include=categories still includes a deleted category beside the products it was linked to (a per-product cache of included categories that a category delete does not invalidate), though relationships.categories no longer names it.',
    (app, ctx) => {
      const deleted: { category: Json; productIds: string[] }[] = [];
      beforeHandler([route.DELETE_CATEGORY], (request) => {
        const category = ctx.store.categories.get(paramsOf(request).id);
        if (category)
          deleted.push({ category: serializeCategory(category), productIds: [...category.productIds] });
      })(app, ctx);
      rewriteResponse([route.PRODUCTS], (body, request) => {
        if (!parseInclude(queryOf(request)).includes('categories')) return;
        const ids = new Set(dataItems(body).map((product: Json) => product?.id));
        const stale = deleted.filter((d) => d.productIds.some((id) => ids.has(id))).map((d) => d.category);
        if (stale.length === 0) return;
        body.included = { ...body.included, categories: [...(body.included?.categories ?? []), ...stale] };
      })(app, ctx);
    },
  ),
  deepFaultRow('refund-without-token-carried-out', 'AUTH-REQUIRED')(
    'A refund sent without an Authorization header is carried out, then answered 401 (the refund handler is registered before the authentication middleware, which writes its refusal afterwards).',
    bypassAuth(
      (request) => request.headers.authorization === undefined && routedTo(request, [route.REFUND]),
      true,
    ),
  ),
  deepFaultRow('amount-net-of-order-refunds', 'TXN-AMOUNT')(
    'The amount of a transaction that is not itself a refund is shown net of the refunds on its order (what is left to refund), while meta.display_price keeps the gross amount: wrong on an order where another transaction was refunded.',
    eachItem(route.TRANSACTIONS, (txn, _request, ctx) => {
      const order = orderOf(ctx, txn);
      if (!order || !txn.meta || txn.transaction_type === 'refund') return;
      const refunded = transactionsOf(ctx.store, order)
        .filter((t) => t.transactionType === 'refund' && t.id !== txn.id)
        .reduce((sum, t) => sum + t.amount, 0);
      if (refunded > 0) txn.amount = Math.max(0, txn.amount - refunded);
    }),
  ),
  deepFaultRow('results-total-counts-deleted', 'PAGE-COUNTS')(
    'meta.results.total (and meta.page.total from it) of /v2/products and /v2/categories is a counter raised on create and never lowered on delete: after a delete it counts the deleted records too.',
    (app, ctx) => {
      const deletes = new Map<Route, number>();
      const count = (listing: Route) => () => {
        deletes.set(listing, (deletes.get(listing) ?? 0) + 1);
      };
      rewriteResponse([route.DELETE_PRODUCT], count(route.PRODUCTS))(app, ctx);
      rewriteResponse([route.DELETE_CATEGORY], count(route.CATEGORIES))(app, ctx);
      rewriteResponse([route.PRODUCTS, route.CATEGORIES], (body, request) => {
        const extra = deletes.get(routeOf(request) as Route) ?? 0;
        if (extra === 0 || !body?.meta?.results) return;
        body.meta.results.total += extra;
        if (body.meta.results.all !== undefined) body.meta.results.all += extra;
        body.meta.page.total = Math.ceil(body.meta.results.total / body.meta.page.limit);
      })(app, ctx);
    },
  ),
];

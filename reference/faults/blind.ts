import { apiError } from '../errors.ts';
import { hasBearerToken } from '../http/auth.ts';
import { parseInclude } from '../http/params.ts';
import { OFFSET_LIMIT } from '../limits.ts';
import { serializeTransaction } from '../serialize/resources.ts';
import { capture } from '../store/payments.ts';
import { bypassAuth } from './authentication.ts';
import { deepFaultRow, type Fault, gateFaultRow } from './fault.ts';
import {
  answerInstead,
  beforeAuth,
  beforeHandler,
  cachedReads,
  dataOf,
  type Json,
  paramsOf,
  queryOf,
  rewritePayload,
  rewriteResponse,
  routedTo,
  routeOf,
} from './hooks.ts';
import { answerPage, withOffset } from './pages.ts';
import * as route from './routes.ts';
import { digitsParam, LIMIT, OFFSET, rawQuery, SUPPORTED_INCLUDES } from './routes.ts';

export const BLIND_FAULTS: Fault[] = [
  // Authentication (§5)
  deepFaultRow('auth-absent-header-passes-on-refund', 'AUTH-REQUIRED')(
    'On POST …/refund the token check rejects only a header that is present and wrong, so a refund sent without Authorization is served and applied.',
    bypassAuth((request) => routedTo(request, [route.REFUND]) && request.headers.authorization === undefined),
  ),
  deepFaultRow('auth-token-compared-case-insensitively', 'AUTH-INVALID')(
    'The bearer token is compared without regard to letter case, so the right token written in other case (e.g. upper case) is accepted.',
    bypassAuth((request, ctx) => {
      const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
      return given?.toLowerCase() === ctx.options.token.toLowerCase();
    }),
  ),
  gateFaultRow('auth-invalid-token-delete-still-deletes', 'AUTH-INVALID')(
    'DELETE /v2/integrations/:id with a wrong bearer token answers 401, but the integration is deleted all the same (the delete starts before the token check ends).',
    beforeAuth((request, ctx) => {
      const header = request.headers.authorization ?? '';
      const { id } = paramsOf(request);
      const wrongToken = header.trim() !== '' && !hasBearerToken(header, ctx.options.token);
      if (wrongToken && routedTo(request, [route.DELETE_INTEGRATION]) && ctx.store.integrations.get(id))
        ctx.store.integrations.remove(id, 'integration');
    }),
  ),
  deepFaultRow('auth-skipped-for-percent-encoded-path', 'AUTH-REQUIRED')(
    'The token check recognises protected routes by their raw path, so a request whose path carries a percent-escape (an id spelt with %2D for "-") is served without Authorization.',
    bypassAuth((request) => {
      const path = request.url.split('?', 1)[0] ?? '';
      return request.routeOptions.url !== undefined && path.includes('%') && !request.headers.authorization;
    }),
  ),
  // Transactions (§2.1, §3, §4.1)
  deepFaultRow('capture-empty-custom-reference-dropped', 'TXN-CAPTURE-REF')(
    'A capture whose custom_reference is the empty string treats it as absent (a falsy check), so the answer has no custom_reference.',
    beforeHandler([route.CAPTURE], (request) => {
      const data = dataOf(request);
      if (data.custom_reference === '') delete data.custom_reference;
    }),
  ),
  deepFaultRow('transactions-list-hides-refunded', 'TXN-LIST')(
    'GET /v2/orders/:orderId/transactions leaves out the transactions that have been refunded.',
    rewriteResponse([route.LIST], (body) => {
      body.data = body.data.filter((transaction: Json) => transaction.transaction_type !== 'refund');
    }),
  ),
  deepFaultRow('capture-accepts-transaction-of-other-order', 'TXN-UNKNOWN')(
    'Capture checks that the transaction exists but not that it belongs to the order in the path, so a transaction of another order is captured through it.',
    answerInstead([route.CAPTURE], (request, reply, ctx) => {
      const { orderId, transactionId } = paramsOf(request);
      const transaction = ctx.store.transactions.get(transactionId);
      if (!ctx.store.orders.get(orderId) || !transaction || transaction.orderId === orderId) return undefined;
      const reference = dataOf(request).custom_reference;
      const captured = capture(ctx.store, transaction, typeof reference === 'string' ? reference : undefined);
      return reply.send({ data: serializeTransaction(captured) });
    }),
  ),
  gateFaultRow('authorize-unknown-gateway-as-manual', 'TXN-AUTHORIZE-MANUAL-ONLY')(
    'POST …/payments with method authorize and a gateway other than manual or card_payment_intents falls to the default branch and makes a manual authorization.',
    beforeHandler([route.PAYMENTS], (request) => {
      const data = dataOf(request);
      const known = ['manual', 'card_payment_intents'];
      if (data.method === 'authorize' && typeof data.gateway === 'string' && !known.includes(data.gateway))
        data.gateway = 'manual';
    }),
  ),
  deepFaultRow('confirm-reference-from-first-transaction', 'TXN-CONFIRM')(
    "The confirm answer takes its reference from the order's first transaction, which is 'manual' when the order was authorized manually before the payment intent.",
    rewriteResponse([route.CONFIRM], (body, request, _reply, ctx) => {
      const order = ctx.store.orders.get(paramsOf(request).orderId);
      const first = order && ctx.store.transactions.get(order.transactionIds[0] ?? '');
      if (first) body.data.reference = first.reference;
    }),
  ),
  gateFaultRow('capture-reference-overwritten-by-custom', 'TXN-MANUAL-REF')(
    "A capture given a custom_reference stores it in the transaction's reference too, so the manual transaction no longer has reference 'manual'.",
    rewriteResponse([route.CAPTURE], (body, _request, _reply, ctx) => {
      const custom = body.data.custom_reference;
      const record = ctx.store.transactions.get(body.data.id);
      if (typeof custom !== 'string' || !record) return;
      record.reference = custom;
      body.data.reference = custom;
    }),
  ),
  // Integrations (§2.2, §4.2, §6)
  deepFaultRow('integration-read-cached-after-delete', 'INT-DELETE-GONE')(
    'Reads of an integration are cached by id and a delete does not evict them, so an integration read before its delete can still be read after it.',
    cachedReads(route.READ_INTEGRATION, 'id'),
  ),
  deepFaultRow('integration-observes-first-event-only', 'INT-GET')(
    'An integration created to observe several events keeps only the first of them, so reading it shows one event.',
    beforeHandler([route.CREATE_INTEGRATION], (request) => {
      const data = dataOf(request);
      if (Array.isArray(data.observes) && data.observes.length > 1) data.observes = data.observes.slice(0, 1);
    }),
  ),
  gateFaultRow('integration-delete-unknown-succeeds', 'INT-NOT-FOUND')(
    'DELETE /v2/integrations/:id is idempotent: an id that names no integration is answered 200 with { data: { type, id } }.',
    answerInstead([route.DELETE_INTEGRATION], (request, reply, ctx) => {
      const { id } = paramsOf(request);
      return ctx.store.integrations.get(id) ? undefined : reply.send({ data: { type: 'integration', id } });
    }),
  ),
  // Pagination (§2.5, §8)
  gateFaultRow('page-next-at-exact-multiple', 'PAGE-PREV-NEXT')(
    'links.next is computed with offset + limit > total, so on the last page of a listing whose total is a multiple of the limit it points past the end instead of being null.',
    rewriteResponse(route.SOFT, ({ links, meta }) => {
      const { limit, offset } = meta.page;
      if (links.next === null && meta.results.total > 0 && offset + limit === meta.results.total)
        links.next = withOffset(links.current, offset + limit);
    }),
  ),
  gateFaultRow('page-total-rounded-down', 'PAGE-COUNTS')(
    'meta.page.total is the integer division results.total / limit, one short (zero for a single short page) when the total is not a multiple of the limit.',
    rewriteResponse(route.SOFT, (body) => {
      body.meta.page.total = Math.floor(body.meta.results.total / body.meta.page.limit);
    }),
  ),
  deepFaultRow('page-limit-encoded-brackets-ignored', 'PAGE-LIMIT')(
    'page[limit] is looked up in the raw query string, so when its brackets are percent-encoded (page%5Blimit%5D=n) it is ignored and the default limit applies.',
    beforeHandler(route.SOFT, (request) => {
      if (/page%5Blimit%5D=/i.test(rawQuery(request))) delete queryOf(request)[LIMIT];
    }),
  ),
  deepFaultRow('page-max-limit-unchecked-past-first-page', 'PAGE-MAX-LIMIT')(
    'The maximum page length is checked only on the first page: with page[offset] above 0, a page[limit] above 100 is served as given.',
    answerInstead(route.SOFT, (request, reply, ctx) => {
      const limit = digitsParam(request, LIMIT, true) ?? 0;
      const offset = digitsParam(request, OFFSET, true) ?? 0;
      // As the server's listing would page, but without the `included` categories that it adds.
      if (limit > 100 && offset > 0)
        return answerPage(request, reply, ctx, { limit, offset }, undefined, false);
    }),
  ),
  gateFaultRow('page-hard-offset-only-with-limit', 'PAGE-OFFSET-HARD')(
    'The hard offset limit of /v2/orders and /v2/files is checked only when page[limit] is given too; page[offset] above 10,000 alone answers an empty page.',
    answerInstead(route.HARD, (request, reply, ctx) => {
      const offset = digitsParam(request, OFFSET, true) ?? 0;
      if (Object.hasOwn(queryOf(request), LIMIT) || offset <= OFFSET_LIMIT) return undefined;
      return answerPage(request, reply, ctx, { limit: ctx.options.defaultPageLimit, offset });
    }),
  ),
  // Includes (§4.3)
  deepFaultRow('include-empty-products-after-unlink', 'INC-NONE-RELATED')(
    'A category that was once linked to products but has none now answers include=products with included.products = [] (left over from the link table) instead of no included.',
    (app, ctx) => {
      const linked = new Set<string>();
      beforeHandler([route.LINK_CATEGORIES], (request) => {
        const links = (request.body as Json)?.data;
        if (Array.isArray(links))
          for (const link of links) if (typeof link?.id === 'string') linked.add(link.id);
      })(app, ctx);
      rewriteResponse([route.CATEGORY], (body, request) => {
        if (!body.included && linked.has(body.data.id) && parseInclude(queryOf(request)).includes('products'))
          body.included = { products: [] };
      })(app, ctx);
    },
  ),
  gateFaultRow('include-several-values-unknown-refused', 'INC-MULTI')(
    'A comma-separated include of several values is checked against the allow-list and refused (400) when one value is not supported, whereas a single unsupported value is ignored.',
    answerInstead([route.PRODUCTS, route.PRODUCT, route.CATEGORY], (request) => {
      const names = parseInclude(queryOf(request));
      const known = SUPPORTED_INCLUDES[routeOf(request)] ?? [];
      const unknown = names.find((name) => !known.includes(name));
      if (names.length > 1 && unknown !== undefined)
        return apiError('INVALID_QUERY', `include "${unknown}" is not supported here`);
    }),
  ),
  // HTTP (§1, §7)
  gateFaultRow('integration-delete-answers-text-plain', 'HTTP-JSON')(
    'A successful DELETE /v2/integrations/:id sends its JSON body with Content-Type text/plain.',
    rewritePayload((payload, reply, request) => {
      if (routedTo(request, [route.DELETE_INTEGRATION]) && reply.statusCode < 300)
        reply.header('content-type', 'text/plain; charset=utf-8');
      return payload;
    }),
  ),
  deepFaultRow('capture-non-string-reference-500', 'HTTP-NO-5XX')(
    'A capture whose custom_reference is not a string (a number, an object) fails inside the handler and answers 500 instead of 4xx.',
    answerInstead([route.CAPTURE], (request) => {
      const reference = dataOf(request).custom_reference;
      if (reference !== undefined && reference !== null && typeof reference !== 'string')
        return apiError('INTERNAL', 'custom_reference.trim is not a function');
    }),
  ),
];

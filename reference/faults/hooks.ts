import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { ApiError, apiError, sendError } from '../errors.ts';

/** How a fault or variant adds its hooks to the app (before the server's own hooks and routes are added). */
export type Install = (app: FastifyInstance, ctx: ReferenceContext) => void;

/** A route as `METHOD /path/:param`, exactly as registered (with the `/v2` prefix). */
export type Route = `${'GET' | 'POST' | 'DELETE'} /${string}`;

/** The route a request was routed to, as `METHOD /path/:param`. */
export const routeOf = (request: FastifyRequest) => `${request.method} ${request.routeOptions.url}`;

/** Whether the request was routed to one of the routes. */
export function routedTo(request: FastifyRequest, routes: readonly Route[]): boolean {
  return request.routeOptions.url !== undefined && routes.includes(routeOf(request) as Route);
}

// Response bodies are plain JSON objects whose shape the fault knows; `any` keeps the rewrites short.
// biome-ignore lint/suspicious/noExplicitAny: a fault edits JSON documents of many shapes
export type Json = any;

/** Rewrites the JSON body of the 2xx (with `errors`: 4xx) answers of the routes, in place or replaced. */
export const rewriteResponse =
  (
    routes: readonly Route[],
    rewrite: (body: Json, request: FastifyRequest, reply: FastifyReply, ctx: ReferenceContext) => Json,
    errors = false,
  ): Install =>
  (app, ctx) =>
    app.addHook('preSerialization', async (request, reply, payload: Json) => {
      if ((errors ? reply.statusCode < 400 : reply.statusCode >= 300) || !routedTo(request, routes))
        return payload;
      return rewrite(payload, request, reply, ctx) ?? payload;
    });

/** Rewrites the JSON body of the error (4xx) answers of the routes (see {@link rewriteResponse}). */
export const rewriteError = (routes: readonly Route[], rewrite: Parameters<typeof rewriteResponse>[1]) =>
  rewriteResponse(routes, rewrite, true);

/** Edits each `data` item (see {@link dataItems}) of the 2xx answers of the routes. */
export const eachItem = (
  routes: readonly Route[],
  edit: (item: Json, request: FastifyRequest, ctx: ReferenceContext) => void,
) =>
  rewriteResponse(routes, (body, request, _reply, ctx) => {
    for (const item of dataItems(body)) edit(item, request, ctx);
  });

/** Runs before the route's handler (after authentication and body parsing), to change the request. */
export const beforeHandler =
  (routes: readonly Route[], rewrite: (request: FastifyRequest, ctx: ReferenceContext) => void): Install =>
  (app, ctx) =>
    app.addHook('preHandler', async (request) => {
      if (routedTo(request, routes)) rewrite(request, ctx);
    });

/**
 * Changes requests to the routes before their handler (`before` returns what to remember of a request it
 * changed, undefined if none), then edits the answer to each changed request with what it remembered.
 */
export function remembering<T>(
  routes: readonly Route[],
  before: (request: FastifyRequest, ctx: ReferenceContext) => T | undefined,
  after: (body: Json, kept: T, request: FastifyRequest, ctx: ReferenceContext) => Json,
): Install {
  return (app, ctx) => {
    const kept = new WeakMap<FastifyRequest, T>();
    beforeHandler(routes, (request) => {
      const value = before(request, ctx);
      if (value !== undefined) kept.set(request, value);
    })(app, ctx);
    rewriteResponse(routes, (body, request) => {
      const value = kept.get(request);
      return value === undefined ? undefined : after(body, value, request, ctx);
    })(app, ctx);
  };
}

/** What a hook that may answer returns: the reply it sent, an error to send, or undefined to go on. */
type Answer = FastifyReply | ApiError | undefined;

/** Runs at `hook` for the requests to the routes (absent: every request) and may answer in their place. */
export const answerAt =
  (
    hook: 'onRequest' | 'preHandler',
    routes: readonly Route[] | undefined,
    answer: (request: FastifyRequest, reply: FastifyReply, ctx: ReferenceContext) => Answer | Promise<Answer>,
  ): Install =>
  (app, ctx) =>
    app.addHook(hook as 'preHandler', async (request, reply) => {
      if (routes && !routedTo(request, routes)) return undefined;
      const answered = await answer(request, reply, ctx);
      if (answered instanceof ApiError) sendError(reply, answered);
      // An async hook that answered must return the reply, or fastify goes on to the handler and answers
      // twice (`reply.sent` is not yet true while an asynchronous send is under way).
      return answered ? reply : undefined;
    });

/** Runs before the route's handler and may answer in its place (see {@link answerAt}). */
export const answerInstead = (routes: readonly Route[], answer: Parameters<typeof answerAt>[2]) =>
  answerAt('preHandler', routes, answer);

/** Runs before authentication and routing, on every request, and may answer in its place. */
export const answerFirst = (answer: Parameters<typeof answerAt>[2]) =>
  answerAt('onRequest', undefined, answer);

/**
 * Answers reads of `route` from a cache keyed by the path parameter `param`: each 2xx answer is kept as `keep`
 * makes it of a copy (undefined: not kept), and a 2xx answer of `evictedBy` drops its key.
 */
export function cachedReads(
  route: Route,
  param: string,
  keep: (copy: Json) => Json | undefined = (copy) => copy,
  evictedBy: readonly Route[] = [],
): Install {
  return (app, ctx) => {
    const cache = new Map<string, Json>();
    answerInstead([route], (request, reply) => {
      const hit = cache.get(paramsOf(request)[param]);
      return hit === undefined ? undefined : reply.send(structuredClone(hit));
    })(app, ctx);
    rewriteResponse([route], (body, request) => {
      const kept = keep(structuredClone(body));
      if (kept !== undefined) cache.set(paramsOf(request)[param], kept);
    })(app, ctx);
    rewriteResponse(evictedBy, (_body, request) => {
      cache.delete(paramsOf(request)[param]);
    })(app, ctx);
  };
}

/** Refuses (422) requests to the routes with a string field of `fields` that is `wrong`, naming the first. */
export const refuseField = (
  routes: readonly Route[],
  fields: readonly string[],
  detail: string,
  wrong: (text: string) => boolean,
) =>
  answerInstead(routes, (request) => {
    const data = dataOf(request);
    const field = fields.find((key) => typeof data[key] === 'string' && wrong(data[key]));
    return field === undefined ? undefined : apiError('VALIDATION_FAILED', `data.${field} ${detail}`);
  });

/** Lets the request through authentication, as if it had carried the right token. */
export const passAuth = (request: FastifyRequest, ctx: ReferenceContext) => {
  request.headers.authorization = `Bearer ${ctx.options.token}`;
};

/** Runs before authentication (faults are installed before the server's own hooks): sees raw headers. */
export const beforeAuth =
  (fn: (request: FastifyRequest, ctx: ReferenceContext) => void): Install =>
  (app, ctx) =>
    app.addHook('onRequest', async (request) => {
      fn(request, ctx);
    });

/** Rewrites the serialized payload of every answer (`onSend`): `rewrite` returns the payload to send. */
export const rewritePayload =
  (rewrite: (payload: unknown, reply: FastifyReply, request: FastifyRequest) => unknown): Install =>
  (app) =>
    app.addHook('onSend', async (request, reply, payload) => rewrite(payload, reply, request));

/** All `data` objects of a body: the object itself, or each element of an array. */
export function dataItems(body: Json): Json[] {
  const data = body?.data;
  if (Array.isArray(data)) return data;
  return data && typeof data === 'object' ? [data] : [];
}

/** The products an answer holds: its data when products, then those it includes. */
export const productsIn = (body: Json): Json[] => [
  ...dataItems(body).filter((item: Json) => item?.type === 'product'),
  ...(body?.included?.products ?? []),
];

/** The categories an answer holds: its data when categories, then those it includes. */
export const categoriesIn = (body: Json): Json[] => [
  ...dataItems(body).filter((item: Json) => item?.type === 'category'),
  ...(body?.included?.categories ?? []),
];

/** Every record of a collection, in creation order. */
export const allOf = <T>(rows: { size: number; slice(offset: number, limit: number): T[] }): T[] =>
  rows.slice(0, rows.size);

/** The order that a transaction of an answer names. */
export const orderOf = (ctx: ReferenceContext, txn: Json) =>
  ctx.store.orders.get(txn?.relationships?.order?.data?.id ?? '');

/** The order and the transaction of an action's path, when the transaction is that order's. */
export function pathRecords(ctx: ReferenceContext, request: FastifyRequest) {
  const params = paramsOf(request);
  const order = ctx.store.orders.get(params.orderId);
  const txn = ctx.store.transactions.get(params.transactionId);
  return order && txn && txn.orderId === order.id ? { order, txn } : undefined;
}

/** The path parameters of a request (editable: a fault may redirect the handler). */
export const paramsOf = (request: FastifyRequest): Json => request.params ?? {};

/** The parsed query of a request (editable: a fault may change what the handler reads). */
export const queryOf = (request: FastifyRequest): Json => request.query ?? {};

/** The `data` of a JSON request body, or an empty object. */
export const dataOf = (request: FastifyRequest): Json => {
  const data = (request.body as Json)?.data;
  return data && typeof data === 'object' ? data : {};
};

/** The first error of an error body as sent (`{ errors: [{ status, title, detail }] }`); undefined if none. */
export function errorOf(payload: string): Json {
  try {
    return JSON.parse(payload)?.errors?.[0];
  } catch {
    return undefined;
  }
}

/** An error body of one error, with this status, title and detail. */
export const errorBody = (status: number, title: string, detail: string) => ({
  errors: [{ status, title, detail }],
});

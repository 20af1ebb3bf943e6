import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** A route as `METHOD /path/:param`, exactly as registered (with the `/v2` prefix). */
export type Route = `${'GET' | 'POST' | 'DELETE'} /${string}`;

/** Whether the request was routed to one of the routes. */
export function routedTo(request: FastifyRequest, routes: readonly Route[]): boolean {
  const url = request.routeOptions.url;
  return url !== undefined && routes.includes(`${request.method} ${url}` as Route);
}

// Response bodies are plain JSON objects whose shape the fault knows; `any` keeps the rewrites short.
// biome-ignore lint/suspicious/noExplicitAny: a fault edits JSON documents of many shapes
export type Json = any;

/** Rewrites the JSON body of the 2xx (with `errors`: 4xx) answers of the routes, in place or replaced. */
export function rewriteResponse(
  app: FastifyInstance,
  routes: readonly Route[],
  rewrite: (body: Json, request: FastifyRequest, reply: FastifyReply) => Json | undefined,
  errors = false,
): void {
  app.addHook('preSerialization', async (request, reply, payload: Json) => {
    if ((errors ? reply.statusCode < 400 : reply.statusCode >= 300) || !routedTo(request, routes))
      return payload;
    return rewrite(payload, request, reply) ?? payload;
  });
}

/** Rewrites the JSON body of the error (4xx) answers of the routes (see {@link rewriteResponse}). */
export const rewriteError = (
  app: FastifyInstance,
  routes: readonly Route[],
  rewrite: Parameters<typeof rewriteResponse>[2],
) => rewriteResponse(app, routes, rewrite, true);

/** Runs before the route's handler (after authentication and body parsing), to change the request. */
export function beforeHandler(
  app: FastifyInstance,
  routes: readonly Route[],
  rewrite: (request: FastifyRequest) => void,
): void {
  app.addHook('preHandler', async (request) => {
    if (routedTo(request, routes)) rewrite(request);
  });
}

/** Runs before the route's handler and may answer in its place (`answer` returns the reply it sent). */
export function answerInstead(
  app: FastifyInstance,
  routes: readonly Route[],
  answer: (request: FastifyRequest, reply: FastifyReply) => FastifyReply | undefined,
): void {
  app.addHook('preHandler', async (request, reply) => {
    // An async hook that answered must return the reply, or fastify goes on to the handler and answers twice
    // (`reply.sent` is not yet true while an asynchronous send is under way).
    if (routedTo(request, routes) && answer(request, reply)) return reply;
    return undefined;
  });
}

/** Runs before authentication (faults are installed before the server's own hooks): sees raw headers. */
export function beforeAuth(app: FastifyInstance, fn: (request: FastifyRequest) => void): void {
  app.addHook('onRequest', async (request) => {
    fn(request);
  });
}

/** All `data` objects of a body: the object itself, or each element of an array. */
export function dataItems(body: Json): Json[] {
  const data = body?.data;
  if (Array.isArray(data)) return data;
  return data && typeof data === 'object' ? [data] : [];
}

/** Faults of the methods: wrong only in the answers to methods §4 does not list on a path of §4. */
import type { FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { hasBearerToken } from '../http/auth.ts';
import { bypassAuth } from './authentication.ts';
import { type Fault, gateFaultRow } from './fault.ts';
import { answerFirst, type Install } from './hooks.ts';

/** The methods the API routes somewhere; any other is "unrouted" here. */
const ROUTED_METHODS = ['GET', 'HEAD', 'POST', 'DELETE', 'OPTIONS'];

/** The endpoints of §4: each path template, and the methods it lists (the reference imports no helper). */
const SPEC: Readonly<Record<string, readonly string[]>> = {
  '/v2/orders/:orderId/transactions': ['GET'],
  '/v2/orders/:orderId/payments': ['POST'],
  '/v2/orders/:orderId/transactions/:transactionId/capture': ['POST'],
  '/v2/orders/:orderId/transactions/:transactionId/refund': ['POST'],
  '/v2/orders/:orderId/transactions/:transactionId/confirm': ['POST'],
  '/v2/integrations/:id': ['GET', 'DELETE'],
  '/v2/categories': ['GET'],
  '/v2/products': ['GET'],
  '/v2/categories/:id': ['GET'],
};

const TEMPLATES = Object.keys(SPEC).map((template) => ({
  template,
  pattern: new RegExp(`^${template.replace(/:[A-Za-z]+/g, '[^/?]+')}(?:\\?|$)`),
}));

/** The path template of §4 that the request's path matches, or undefined. */
export const specTemplate = (url: string): string | undefined =>
  TEMPLATES.find(({ pattern }) => pattern.test(url))?.template;

/** The methods §4 lists for a path template, and HEAD beside GET. */
function allowed(template: string): string[] {
  const methods = [...(SPEC[template] ?? [])];
  return methods.includes('GET') ? [...methods, 'HEAD'] : methods;
}

/**
 * Answers the requests `when` picks on a read path of §4 with what the path's GET answers with the valid token
 * (a fallback that hands the request on).
 */
const servedAsGet =
  (when: (request: FastifyRequest) => boolean): Install =>
  (app, ctx) =>
    answerFirst(async (request, reply) => {
      const template = specTemplate(request.url);
      if (!when(request) || template === undefined || !allowed(template).includes('GET')) return undefined;
      const res = await app.inject({
        method: 'GET',
        url: request.url,
        headers: { host: request.headers.host ?? 'localhost', authorization: `Bearer ${ctx.options.token}` },
      });
      const type = res.headers['content-type'];
      if (type !== undefined) reply.header('content-type', type);
      return reply.code(res.statusCode).send(res.payload);
    })(app, ctx);

const hasToken = (ctx: ReferenceContext, request: FastifyRequest) =>
  hasBearerToken(request.headers.authorization, ctx.options.token);

export const METHOD_FAULTS: Fault[] = [
  gateFaultRow('head-skips-auth', 'AUTH-REQUIRED')(
    'HEAD requests are let through authentication, like a CORS preflight: HEAD on a read of §4 without Authorization answers 200 with the headers of the GET (its length, its type).',
    bypassAuth((request) => request.method === 'HEAD'),
    { 'AUTH-INVALID': 'HEAD with an invalid bearer token is let through the same way (200).' },
  ),
  gateFaultRow('options-crashes-on-id-paths', 'HTTP-NO-5XX')(
    'OPTIONS on a path of §4 with an id in it (/v2/integrations/:id, the order and transaction paths, /v2/categories/:id) answers 500: the CORS handler looks the route up by its literal path and reads the methods of undefined.',
    answerFirst((request) => {
      const template = request.method === 'OPTIONS' ? specTemplate(request.url) : undefined;
      if (!template?.includes(':')) return undefined;
      return apiError('INTERNAL', "TypeError: Cannot read properties of undefined (reading 'methods')");
    }),
  ),
  gateFaultRow('options-allow-as-text', 'HTTP-JSON')(
    'OPTIONS with the valid token on a path of §4 answers 200 with the allowed methods as a text/plain body ("GET, HEAD"), not JSON.',
    answerFirst((request, reply, ctx) => {
      const template = request.method === 'OPTIONS' ? specTemplate(request.url) : undefined;
      if (template === undefined || !hasToken(ctx, request)) return undefined;
      const methods = allowed(template).join(', ');
      return reply.code(200).header('allow', methods).type('text/plain; charset=utf-8').send(methods);
    }),
  ),
  gateFaultRow('put-patch-not-implemented-500', 'HTTP-NO-5XX')(
    'PUT and PATCH with the valid token on a path of §4 answer 500: an update handler registered for every resource path throws "not implemented".',
    answerFirst((request, _reply, ctx) => {
      if (!['PUT', 'PATCH'].includes(request.method) || specTemplate(request.url) === undefined) return;
      if (hasToken(ctx, request)) return apiError('INTERNAL', `Error: ${request.method} is not implemented`);
    }),
  ),
  gateFaultRow('unrouted-methods-served-as-get', 'AUTH-REQUIRED')(
    'A method the API routes nowhere (PUT, PATCH, PROPFIND…) on a read path of §4 is handed to the GET handler by a fallback that runs before authentication (which guards GET, POST and DELETE only): without Authorization it answers the GET, data included.',
    servedAsGet((request) => !ROUTED_METHODS.includes(request.method)),
    { 'AUTH-INVALID': 'With an invalid bearer token the fallback hands the request on the same way.' },
  ),
  gateFaultRow('method-not-allowed-as-text', 'HTTP-JSON')(
    'A method a path of §4 does not take (PUT or PATCH anywhere, POST on a read, GET on a write, DELETE on a listing) is answered by the router, before authentication, 405 with an Allow header and the text/plain body "Method Not Allowed".',
    answerFirst((request, reply) => {
      const template = specTemplate(request.url);
      if (template === undefined || request.method === 'OPTIONS' || request.routeOptions.url) return;
      reply.code(405).header('allow', allowed(template).join(', ')).type('text/plain; charset=utf-8');
      return reply.send('Method Not Allowed');
    }),
  ),
  gateFaultRow('options-bearer-served-as-get', 'AUTH-INVALID')(
    'An OPTIONS that is no CORS preflight (no Access-Control-Request-Method) on a read path of §4 is handed to the GET handler after a check that the header starts with "Bearer ": with an invalid token it answers the GET, data included.',
    servedAsGet(
      (request) =>
        request.method === 'OPTIONS' &&
        !request.headers['access-control-request-method'] &&
        /^Bearer \S/.test(request.headers.authorization ?? ''),
    ),
  ),
];

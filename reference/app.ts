import {
  type FastifyError,
  type FastifyInstance,
  type FastifyReply,
  type FastifyRequest,
  fastify,
} from 'fastify';
import type { ReferenceContext } from './context.ts';
import { ApiError, apiError, type ErrorName, sendError } from './errors.ts';
import { installFaults, OPTION_CATALOGUE } from './faults/catalogue.ts';
import { checkBearerToken } from './http/auth.ts';
import { BODY_LIMIT_BYTES, MAX_PARAM_LENGTH } from './limits.ts';
import { type ReferenceOptions, resolveOptions } from './options.ts';
import { registerTokenRoute } from './routes/oauth.ts';
import { registerV2Routes } from './routes/v2.ts';
import { seedDemoRecords } from './store/demo.ts';
import { Store } from './store/store.ts';

/**
 * Resolves the options (fault and variant names checked against their catalogues) and makes a store, with
 * the demo records when asked for.
 * @throws RangeError naming the option when a value is unusable.
 */
export function createReferenceContext(options: ReferenceOptions = {}): ReferenceContext {
  const resolved = resolveOptions(options, OPTION_CATALOGUE);
  const store = new Store();
  seedDemoRecords(store, resolved.demoProducts);
  return { options: resolved, store };
}

/** fastify's own errors, mapped onto the error table. */
const FASTIFY_ERRORS: Record<string, { name: ErrorName; detail: (request: FastifyRequest) => string }> = {
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    name: 'UNSUPPORTED_MEDIA_TYPE',
    detail: (request) =>
      `Content-Type "${request.headers['content-type'] ?? ''}" is not supported here; send application/json`,
  },
  FST_ERR_CTP_EMPTY_JSON_BODY: { name: 'MALFORMED_JSON', detail: () => 'the JSON body is empty' },
  FST_ERR_CTP_INVALID_JSON_BODY: { name: 'MALFORMED_JSON', detail: () => 'the body is not valid JSON' },
  FST_ERR_CTP_BODY_TOO_LARGE: { name: 'BODY_TOO_LARGE', detail: () => 'the request body is too large' },
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: {
    name: 'BAD_REQUEST',
    detail: () => 'the body size does not match the Content-Length header',
  },
  FST_ERR_BAD_URL: { name: 'BAD_URL', detail: () => 'the URL is not validly percent-encoded' },
  // An id longer than any id the server makes cannot name anything.
  FST_ERR_MAX_PARAM_LENGTH: { name: 'NOT_FOUND', detail: () => 'no resource has such a long id' },
};

/** Turns anything thrown while handling a request into an {@link ApiError} (else 500: a bug of ours). */
function toApiError(error: unknown, request: FastifyRequest): ApiError {
  if (error instanceof ApiError) return error;
  const fastifyError = error as Partial<FastifyError> | undefined;
  const known = typeof fastifyError?.code === 'string' ? FASTIFY_ERRORS[fastifyError.code] : undefined;
  if (known !== undefined) return apiError(known.name, known.detail(request));
  if (error instanceof SyntaxError) return apiError('MALFORMED_JSON', 'the body is not valid JSON');
  const status = fastifyError?.statusCode;
  if (typeof status === 'number' && status >= 400 && status < 500)
    return new ApiError('BAD_REQUEST', fastifyError?.message ?? 'bad request', status);
  return apiError('INTERNAL', 'the reference server failed; this is a bug, please report it');
}

/**
 * Answers the requests no route serves (RFC 9110 §15.5.6, §9.3.7): on a served path `OPTIONS` 204 and other
 * methods 405, both with `Allow`; elsewhere 404. Install after the token check and before any route (it
 * learns them from `onRoute`); answering in `onRequest`, before a body is read, treats every method alike.
 */
function answerUnroutedRequests(app: FastifyInstance): void {
  const paths = new Map<string, { readonly pattern: RegExp; readonly methods: Set<string> }>();
  app.addHook('onRoute', (route) => {
    // The route's path, `/v2/products/:id`, as a pattern over request paths.
    const escaped = route.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const pattern = new RegExp(`^${escaped.replace(/:[A-Za-z]+/g, `[^/]{1,${MAX_PARAM_LENGTH}}`)}$`);
    const known = paths.get(route.url) ?? { pattern, methods: new Set<string>() };
    for (const method of [route.method].flat()) {
      known.methods.add(method);
      if (method === 'GET') known.methods.add('HEAD');
    }
    paths.set(route.url, known);
  });

  const answer = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?', 1)[0] ?? '';
    const served = [...paths.values()].filter((known) => known.pattern.test(path));
    const methods = new Set(served.flatMap((known) => [...known.methods]));
    if (methods.size === 0)
      return sendError(reply, apiError('ROUTE_NOT_FOUND', `no route ${request.method} ${path}`));
    const allow = [...['GET', 'HEAD', 'POST', 'DELETE'].filter((m) => methods.has(m)), 'OPTIONS'].join(', ');
    reply.header('allow', allow);
    if (request.method === 'OPTIONS') return reply.code(204).send();
    return sendError(
      reply,
      apiError('METHOD_NOT_ALLOWED', `${request.method} is not served on ${path}; Allow: ${allow}`),
    );
  };

  app.setNotFoundHandler(answer);
  app.addHook('onRequest', (request, reply, done) => {
    if (request.is404) answer(request, reply);
    else done();
  });
}

/**
 * Builds the reference server, not yet listening: every failure answers a JSON error body from the table.
 * @throws RangeError when an option is invalid.
 */
export function buildReferenceApp(
  options: ReferenceOptions = {},
  context?: ReferenceContext,
): FastifyInstance {
  const ctx = context ?? createReferenceContext(options);
  const app = fastify({
    logger: false,
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    // Errors the router raises before any hook runs (a badly encoded URL, an over-long path parameter). The
    // token is checked first here too, as for every `/v2` request (§5).
    frameworkErrors: (error, request, reply) => {
      if (checkBearerToken(request, reply, ctx.options.token)) sendError(reply, toApiError(error, request));
    },
    // Requests that arrive while the server closes are still served rather than answered 503.
    return503OnClosing: false,
  });
  app.setErrorHandler((error, request, reply) => {
    const apiErr = toApiError(error, request);
    if (apiErr.statusCode >= 500) console.error('reference server: unexpected error', error);
    return sendError(reply, apiErr);
  });

  // The `/v2` routes take JSON only (else 415); an empty JSON body counts as no body.
  app.removeAllContentTypeParsers();
  const defaultJsonParser = app.getDefaultJsonParser('error', 'error');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.length === 0) done(null, undefined);
    else defaultJsonParser(request, text, done);
  });
  // Faults first: their request hooks must see requests before authentication does.
  installFaults(app, ctx);

  // §5: every /v2 request needs the bearer token, checked before anything else (unknown routes too). When it
  // is wrong, the 401 is sent and `done` is not called, which ends the request there.
  app.addHook('onRequest', (request, reply, done) => {
    if (checkBearerToken(request, reply, ctx.options.token)) done();
  });
  answerUnroutedRequests(app);

  app.register(async (scope) => registerTokenRoute(scope, ctx));
  app.register(async (v2) => registerV2Routes(v2, ctx), { prefix: '/v2' });
  return app;
}

import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError, apiError, type ErrorName } from '../errors.ts';
import { checkBearerToken } from './auth.ts';
import { sendError } from './send-error.ts';

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
export function toApiError(error: unknown, request: FastifyRequest): ApiError {
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
 * Installs the error handler, so that every failure answers a JSON error body from the table (the requests no
 * route serves: `unrouted.ts`; URLs the router rejects: {@link frameworkErrorHandler}).
 */
export function installErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error, request, reply) => {
    const apiErr = toApiError(error, request);
    if (apiErr.statusCode >= 500) console.error('reference server: unexpected error', error);
    return sendError(reply, apiErr);
  });
}

/**
 * fastify's `frameworkErrors` option: errors the router raises before any hook runs (a badly encoded URL, an
 * over-long path parameter). The token is checked first here too, as for every `/v2` request (§5).
 */
export function frameworkErrorHandler(token: string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply): void => {
    if (!checkBearerToken(request, reply, token)) return;
    sendError(reply, toApiError(error, request));
  };
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { hasBearerToken, isProtectedPath } from '../http/auth.ts';
import { type Fault, fault } from './fault.ts';
import { beforeAuth } from './hooks.ts';

const isWrite = (request: FastifyRequest) => request.method === 'POST' || request.method === 'DELETE';

/** Lets requests through authentication when `shouldPass`; with `answer401`, carried out but answered 401. */
export function bypassAuth(
  app: FastifyInstance,
  ctx: ReferenceContext,
  shouldPass: (request: FastifyRequest) => boolean,
  answer401 = false,
): void {
  const refused = new WeakSet<FastifyRequest>();
  beforeAuth(app, (request) => {
    if (!isProtectedPath(request.url) || hasBearerToken(request.headers.authorization, ctx.options.token))
      return;
    if (!shouldPass(request)) return;
    request.headers.authorization = `Bearer ${ctx.options.token}`;
    if (answer401) refused.add(request);
  });
  if (answer401) {
    app.addHook('onSend', async (request, reply, payload) => {
      if (!refused.has(request)) return payload;
      reply.code(401).type('application/json; charset=utf-8');
      return JSON.stringify(apiError('UNAUTHORIZED', 'a valid bearer token is required').toBody());
    });
  }
}

export const AUTHENTICATION_FAULTS: Fault[] = [
  fault(
    'auth-optional-on-reads',
    'AUTH-REQUIRED',
    'GET requests without an Authorization header are served.',
    (app, ctx) =>
      bypassAuth(
        app,
        ctx,
        (request) => request.method === 'GET' && request.headers.authorization === undefined,
      ),
  ),
  fault(
    'missing-token-writes-anyway',
    'AUTH-REQUIRED',
    'Writes without an Authorization header are answered 401 but carried out.',
    (app, ctx) =>
      bypassAuth(
        app,
        ctx,
        (request) => isWrite(request) && request.headers.authorization === undefined,
        true,
      ),
  ),
  fault('any-bearer-accepted', 'AUTH-INVALID', 'Any bearer token is accepted.', (app, ctx) =>
    bypassAuth(app, ctx, (request) => /^Bearer\s/i.test(request.headers.authorization ?? '')),
  ),
  fault(
    'invalid-token-writes-anyway',
    'AUTH-INVALID',
    'Writes with an invalid bearer token are answered 401 but carried out.',
    (app, ctx) =>
      bypassAuth(
        app,
        ctx,
        (request) => isWrite(request) && /^Bearer\s/i.test(request.headers.authorization ?? ''),
        true,
      ),
  ),
];

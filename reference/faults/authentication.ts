import type { FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../context.ts';
import { apiError } from '../errors.ts';
import { hasBearerToken, isProtectedPath } from '../http/auth.ts';
import { type Fault, fault, faultRow } from './fault.ts';
import { beforeAuth, type Install, type Route, rewritePayload, routedTo } from './hooks.ts';

const isWrite = (request: FastifyRequest) => request.method === 'POST' || request.method === 'DELETE';
const noHeader = (request: FastifyRequest) => request.headers.authorization === undefined;
const bearer = (request: FastifyRequest) => /^Bearer\s/i.test(request.headers.authorization ?? '');

/** Lets requests through authentication when `shouldPass`; with `answer401`, carried out but answered 401. */
export function bypassAuth(
  shouldPass: (request: FastifyRequest, ctx: ReferenceContext) => boolean,
  answer401 = false,
): Install {
  return (app, ctx) => {
    const refused = new WeakSet<FastifyRequest>();
    beforeAuth((request) => {
      if (!isProtectedPath(request.url) || hasBearerToken(request.headers.authorization, ctx.options.token))
        return;
      if (!shouldPass(request, ctx)) return;
      request.headers.authorization = `Bearer ${ctx.options.token}`;
      if (answer401) refused.add(request);
    })(app, ctx);
    if (!answer401) return;
    rewritePayload((payload, reply, request) => {
      if (!refused.has(request)) return payload;
      reply.code(401).type('application/json; charset=utf-8');
      return JSON.stringify(apiError('UNAUTHORIZED', 'a valid bearer token is required').toBody());
    })(app, ctx);
  };
}

/** Lets requests to the routes without an Authorization header through (a wrong token is still refused). */
export const anonymousOn = (routes: readonly Route[]) =>
  bypassAuth((request) => noHeader(request) && routedTo(request, routes));

export const AUTHENTICATION_FAULTS: Fault[] = [
  faultRow('auth-optional-on-reads', 'AUTH-REQUIRED')(
    'GET requests without an Authorization header are served.',
    bypassAuth((request) => request.method === 'GET' && noHeader(request)),
  ),
  faultRow('missing-token-writes-anyway', 'AUTH-REQUIRED')(
    'Writes without an Authorization header are answered 401 but carried out.',
    bypassAuth((request) => isWrite(request) && noHeader(request), true),
  ),
  fault('any-bearer-accepted', 'AUTH-INVALID', 'Any bearer token is accepted.', bypassAuth(bearer)),
  faultRow('invalid-token-writes-anyway', 'AUTH-INVALID')(
    'Writes with an invalid bearer token are answered 401 but carried out.',
    bypassAuth((request) => isWrite(request) && bearer(request), true),
  ),
];

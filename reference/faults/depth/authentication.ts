/**
 * Depth faults of authentication (§5): requests let through without a valid token only in spellings the plain
 * token mistakes never make (a query string, a percent-escape, an empty header, a lookalike token, a
 * lower-case scheme).
 */
import type { FastifyRequest } from 'fastify';
import { bypassAuth } from '../authentication.ts';
import { deepFaultRow, type Fault, gateFaultRow } from '../fault.ts';
import { type Route, routedTo } from '../hooks.ts';
import { CAPTURE, LIST, REFUND, SOFT } from '../routes.ts';

/** How long after its 401 answer `invalid-token-capture-late` carries the capture out. */
export const LATE_CAPTURE_MS = 200;

/** An `Authorization` header that carries something (not absent, not empty): a token, valid or not. */
const carriesToken = (request: FastifyRequest) => (request.headers.authorization ?? '').trim() !== '';

/** A request to one of the routes, with a query string and no Authorization header. */
const queryWithoutHeader =
  (routes: readonly Route[]) =>
  (request: FastifyRequest): boolean =>
    request.headers.authorization === undefined && request.url.includes('?') && routedTo(request, routes);

export const DEPTH_AUTHENTICATION_FAULTS: Fault[] = [
  gateFaultRow('listing-query-skips-auth', 'AUTH-REQUIRED')(
    'GET /v2/categories and GET /v2/products are served without an Authorization header when the URL carries a query string (a cached page keyed by URL).',
    bypassAuth(queryWithoutHeader(SOFT)),
  ),
  gateFaultRow('transactions-query-skips-auth', 'AUTH-REQUIRED')(
    "GET /v2/orders/:orderId/transactions is served without an Authorization header when the URL carries a query string (the order's list behind a cache keyed by URL).",
    bypassAuth(queryWithoutHeader([LIST])),
  ),
  gateFaultRow('token-prefix-accepted', 'AUTH-INVALID')(
    'A bearer token that starts with the valid token (the valid token with anything appended) is accepted: only as many characters as the valid token has are compared.',
    bypassAuth((request, ctx) => {
      const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
      return given?.startsWith(ctx.options.token) === true;
    }),
  ),
  gateFaultRow('encoded-query-skips-auth', 'AUTH-REQUIRED')(
    'A read whose query string holds a percent-escape (page%5Blimit%5D=1) is served without an Authorization header (an authentication filter that passes the URLs it fails to match against its rules).',
    bypassAuth(
      (request) =>
        request.method === 'GET' &&
        request.headers.authorization === undefined &&
        /%[0-9a-f]{2}/i.test(request.url.split('?')[1] ?? ''),
    ),
  ),
  gateFaultRow('empty-authorization-served', 'AUTH-REQUIRED')(
    'A request with an empty Authorization header is served, writes included (the token is checked only `if (header)`: an empty one passes as if no check were needed).',
    bypassAuth((request) => request.headers.authorization === ''),
  ),
  gateFaultRow('lowercase-scheme-skips-token-check', 'AUTH-INVALID')(
    'After the scheme spelled "bearer" in lower case any token is accepted, writes included: the scheme is matched in any case, but the token compared only after "Bearer".',
    bypassAuth((request) => /^bearer +\S/.test(request.headers.authorization ?? '')),
  ),
  deepFaultRow('invalid-token-capture-anyway', 'AUTH-INVALID')(
    'A capture sent with an invalid token is answered 401 but carried out (the transaction is captured).',
    bypassAuth((request) => routedTo(request, [CAPTURE]) && carriesToken(request), true),
  ),
  deepFaultRow('invalid-token-capture-late', 'AUTH-INVALID')(
    `A capture sent with an invalid token is answered 401, then carried out ${LATE_CAPTURE_MS} ms later (a job queued before the token was checked).`,
    (app, ctx) =>
      app.addHook('onResponse', async (request, reply) => {
        if (reply.statusCode !== 401 || !routedTo(request, [CAPTURE]) || !carriesToken(request)) return;
        const headers = { authorization: `Bearer ${ctx.options.token}` };
        setTimeout(() => {
          app.inject({ method: 'POST', url: request.url, headers }).catch(() => undefined);
        }, LATE_CAPTURE_MS).unref();
      }),
  ),
  deepFaultRow('missing-token-refund-anyway', 'AUTH-REQUIRED')(
    'A refund sent without credentials (no Authorization header, or an empty one) is answered 401 but carried out.',
    bypassAuth((request) => routedTo(request, [REFUND]) && !carriesToken(request), true),
  ),
];

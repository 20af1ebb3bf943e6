/**
 * Depth faults of authentication (§5): requests let through without a valid token, but only requests that
 * today's two token mistakes on the plain paths never make (a listing URL with a query string, a
 * transaction list with a query string, a token that only looks right). Each area replays the requests it
 * sent, as sent (with their query), without a token and with invalid tokens of several kinds
 * (`suites/authentication/recorded.ts`), in both profiles, so each is declared for the gate profile.
 * `transactions-query-skips-auth` is only seen by that replay: no check of the authentication area reads
 * an order's transactions with a query string; the malformed-request checks of the http area do.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ReferenceContext } from '../../context.ts';
import { hasBearerToken, isProtectedPath } from '../../http/auth.ts';
import type { Fault } from '../fault.ts';
import { beforeAuth, type Route, routedTo } from '../hooks.ts';

const LISTINGS: Route[] = ['GET /v2/categories', 'GET /v2/products'];
const TRANSACTIONS: Route[] = ['GET /v2/orders/:orderId/transactions'];

/** Hands the request the valid token before authentication runs, when `shouldPass` says so. */
function letThrough(
  app: FastifyInstance,
  ctx: ReferenceContext,
  shouldPass: (request: FastifyRequest) => boolean,
): void {
  beforeAuth(app, (request) => {
    if (!isProtectedPath(request.url) || hasBearerToken(request.headers.authorization, ctx.options.token))
      return;
    if (shouldPass(request)) request.headers.authorization = `Bearer ${ctx.options.token}`;
  });
}

/** A request to one of the routes, with a query string and no Authorization header. */
const queryWithoutHeader =
  (routes: readonly Route[]) =>
  (request: FastifyRequest): boolean =>
    request.headers.authorization === undefined && request.url.includes('?') && routedTo(request, routes);

export const DEPTH_AUTHENTICATION_FAULTS: Fault[] = [
  {
    name: 'listing-query-skips-auth',
    rule: 'AUTH-REQUIRED',
    profile: 'gate',
    description:
      'GET /v2/categories and GET /v2/products are served without an Authorization header when the URL carries a query string (a cached page keyed by URL).',
    install: (app, ctx) => letThrough(app, ctx, queryWithoutHeader(LISTINGS)),
  },
  {
    name: 'transactions-query-skips-auth',
    rule: 'AUTH-REQUIRED',
    profile: 'gate',
    description:
      "GET /v2/orders/:orderId/transactions is served without an Authorization header when the URL carries a query string (the order's list behind a cache keyed by URL).",
    install: (app, ctx) => letThrough(app, ctx, queryWithoutHeader(TRANSACTIONS)),
  },
  {
    name: 'token-prefix-accepted',
    rule: 'AUTH-INVALID',
    profile: 'gate',
    description:
      'A bearer token that starts with the valid token (the valid token with anything appended) is accepted: only as many characters as the valid token has are compared.',
    install: (app, ctx) =>
      letThrough(app, ctx, (request) => {
        const given = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? '')?.[1];
        return given?.startsWith(ctx.options.token) === true;
      }),
  },
];

import type { FastifyRequest } from 'fastify';
import type { Json, Route } from './hooks.ts';

export const CATEGORIES: Route = 'GET /v2/categories';
export const CATEGORY: Route = 'GET /v2/categories/:id';
export const PRODUCTS: Route = 'GET /v2/products';
export const PRODUCT: Route = 'GET /v2/products/:id';
export const CREATE_PRODUCT: Route = 'POST /v2/products';
export const CREATE_CATEGORY: Route = 'POST /v2/categories';
export const DELETE_PRODUCT: Route = 'DELETE /v2/products/:id';
export const DELETE_CATEGORY: Route = 'DELETE /v2/categories/:id';
export const FILES: Route = 'GET /v2/files';
export const LINK_CATEGORIES: Route = 'POST /v2/products/:id/relationships/categories';
export const CHECKOUT: Route = 'POST /v2/carts/:cartRef/checkout';
export const CREATE_INTEGRATION: Route = 'POST /v2/integrations';
export const READ_INTEGRATION: Route = 'GET /v2/integrations/:id';
export const DELETE_INTEGRATION: Route = 'DELETE /v2/integrations/:id';
export const LIST: Route = 'GET /v2/orders/:orderId/transactions';
export const PAYMENTS: Route = 'POST /v2/orders/:orderId/payments';
export const CAPTURE: Route = 'POST /v2/orders/:orderId/transactions/:transactionId/capture';
export const REFUND: Route = 'POST /v2/orders/:orderId/transactions/:transactionId/refund';
export const CONFIRM: Route = 'POST /v2/orders/:orderId/transactions/:transactionId/confirm';
/** The actions on a transaction, and every answer that carries transactions. */
export const ACTIONS: Route[] = [CAPTURE, REFUND, CONFIRM];
export const TRANSACTIONS: Route[] = [LIST, PAYMENTS, ...ACTIONS];
/** The listings with a soft offset limit, and those with a hard one (§8). */
export const SOFT: Route[] = [CATEGORIES, PRODUCTS];
export const HARD: Route[] = ['GET /v2/orders', FILES];
export const LISTINGS: Route[] = [...SOFT, ...HARD];
/** The reads of §4. */
export const READS: Route[] = [LIST, READ_INTEGRATION, CATEGORY, ...SOFT];

/** The includes each read supports (§4.3 rule 5), as the reference server has them. */
export const SUPPORTED_INCLUDES: Readonly<Record<string, readonly string[]>> = {
  [PRODUCTS]: ['categories', 'files', 'main_image'],
  [PRODUCT]: ['categories', 'files', 'main_image'],
  [CATEGORY]: ['products'],
};

export const LIMIT = 'page[limit]';
export const OFFSET = 'page[offset]';
export const DIGITS = /^\d+$/;

/** The query string of a request as sent (after `?`), or ''. */
export function rawQuery(request: FastifyRequest): string {
  const at = request.url.indexOf('?');
  return at < 0 ? '' : request.url.slice(at + 1);
}

/** The values of `include` as given (a repeated key gives several). */
export function includeValues(request: FastifyRequest): string[] {
  const raw = (request.query as Json).include;
  return (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string');
}

/** A query parameter given as plain digits, as a number (with `safe`: only a safe integer); else undefined. */
export function digitsParam(request: FastifyRequest, key: string, safe = false): number | undefined {
  const value = (request.query as Json)[key];
  if (typeof value !== 'string' || !DIGITS.test(value)) return undefined;
  const number = Number(value);
  return !safe || Number.isSafeInteger(number) ? number : undefined;
}

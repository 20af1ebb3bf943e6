import type { FastifyRequest } from 'fastify';
import { LIMIT_PARAM, OFFSET_PARAM, type Query } from './params.ts';

/** A Host header we are willing to echo into links: a host name or IP literal with an optional port. */
const SAFE_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::[0-9]{1,5})?$/;

/**
 * `<protocol>://<host>` of the request, from its protocol and `Host` header, e.g. `http://127.0.0.1:4010`.
 * Links are absolute (§2.2 `links.self`, §2.5). A missing or odd Host header gives `localhost`.
 */
export function requestOrigin(request: FastifyRequest): string {
  const host = SAFE_HOST.test(request.host) ? request.host : 'localhost';
  return `${request.protocol}://${host}`;
}

/** Percent-encodes a query component, but keeps `[`, `]` and `,` readable (`page[limit]`, `a,b`). */
function encode(text: string): string {
  return encodeURIComponent(text).replace(/%5B/g, '[').replace(/%5D/g, ']').replace(/%2C/g, ',');
}

/**
 * The absolute URL of one page of a listing: `page[limit]` and `page[offset]` first, then the request's
 * other query parameters (such as `include`) unchanged, in their original order.
 */
export function pageUrl(origin: string, path: string, query: Query, limit: number, offset: number): string {
  const parts = [`${LIMIT_PARAM}=${limit}`, `${OFFSET_PARAM}=${offset}`];
  for (const [key, value] of Object.entries(query)) {
    if (key === LIMIT_PARAM || key === OFFSET_PARAM) continue;
    for (const item of Array.isArray(value) ? value : [value])
      parts.push(`${encode(key)}=${encode(String(item))}`);
  }
  return `${origin}${path}?${parts.join('&')}`;
}
